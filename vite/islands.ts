// The islands (app/islands/*.island.ts) are client entries of their own: small modules for
// the pages served without React. In the client build each becomes a hashed file in
// build/client/assets; the server build then reads Vite's manifest and bakes, into the
// module `virtual:islands`, each island's URL and the chunks it imports (modulepreload).
// In development the URL is the source file, which Vite's dev server serves.
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

type FileNames = string | ((chunk: { name: string; moduleIds: string[] }) => string);

const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ISLAND_SUFFIX = ".island.ts";

export interface IslandScript {
  /** The module's URL. */
  src: string;
  /** The chunks it imports, to preload alongside it. */
  preload: string[];
}

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

const source = (name: string) => `app/islands/${name}${ISLAND_SUFFIX}`;

/** Each island's URL and every chunk it imports, directly or not, from Vite's manifest. */
export function islandScriptsFrom(
  manifest: ViteManifest,
  names: string[],
): Record<string, IslandScript> {
  const chunks = (key: string, seen: Set<string>) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      chunks(imported, seen);
    }
    return seen;
  };
  const scripts: Record<string, IslandScript> = {};
  for (const name of names) {
    const entry = manifest[source(name)];
    if (!entry) throw new Error(`islands: ${source(name)} is missing from the client build`);
    scripts[name] = {
      src: `/${entry.file}`,
      preload: [...chunks(source(name), new Set())].map((key) => `/${manifest[key]!.file}`),
    };
  }
  return scripts;
}

export function islands(options: { root: string; clientOutDir: string }): Plugin {
  const dir = path.join(options.root, "app", "islands");
  const names = () =>
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(ISLAND_SUFFIX))
      .map((file) => file.slice(0, -ISLAND_SUFFIX.length))
      .sort();
  let command: "build" | "serve" = "serve";

  /** What the built client holds: every island's file and the chunks it imports. */
  function built(): Record<string, IslandScript> {
    const file = path.join(options.clientOutDir, ".vite", "manifest.json");
    return islandScriptsFrom(JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest, names());
  }

  return {
    name: "agropet-islands",
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      // The client build: every island is an entry, named after its file.
      if (command !== "build" || this.environment?.name !== "client") return;
      for (const name of names()) {
        this.emitFile({ type: "chunk", id: path.join(options.root, source(name)), name });
      }
    },
    outputOptions(output) {
      // The islands' files (entries and the chunks only they share) go to assets/islands/:
      // what a page served without React loads is recognisable by its path.
      if (command !== "build" || this.environment?.name !== "client") return undefined;
      const onlyIslands = (moduleIds: string[]) =>
        moduleIds.length > 0 && moduleIds.every((id) => id.startsWith(`${dir}${path.sep}`));
      const inIslands = (names: FileNames | undefined, fallback: string): FileNames => {
        return (chunk) =>
          onlyIslands(chunk.moduleIds)
            ? "assets/islands/[name]-[hash].js"
            : typeof names === "function"
              ? names(chunk)
              : (names ?? fallback);
      };
      return {
        ...output,
        entryFileNames: inIslands(output.entryFileNames as FileNames, "assets/[name]-[hash].js"),
        chunkFileNames: inIslands(output.chunkFileNames as FileNames, "assets/[name]-[hash].js"),
      };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The browser's bundle never renders an island's tags (only the server does).
      const scripts =
        command === "build"
          ? this.environment?.name === "client"
            ? {}
            : built()
          : Object.fromEntries(
              names().map((name) => [name, { src: `/${source(name)}`, preload: [] }]),
            );
      return `export const islandScripts = ${JSON.stringify(scripts)};`;
    },
  };
}
