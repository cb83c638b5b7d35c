// The generated parts of the docs: the module map (files and lines of each module) and the
// graph of arrows between modules in docs/architecture.md, the index of the decisions in
// docs/decisions/README.md, and docs/permissoes.md (the team's permission matrix). `npm run
// docs` writes them; `--check` (part of `npm run lint`) fails when a file differs from what
// the code makes, so the map cannot go stale.
// Output goes through Biome's formatter, so a formatted file and a fresh one compare equal.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { permissionsDoc } from "./lib/permissions-doc";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const CODE = /\.(?:ts|tsx|mjs)$/;

function codeFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function lineCount(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  return text.length === 0 ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function moduleMap(): string {
  const modules = fs
    .readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const rows: [string, string][] = [
    ...modules.map((name): [string, string] => [`\`${name}\``, `app/modules/${name}`]),
    ["`app/platform` (platform)", "app/platform"],
    ["`app/startup`", "app/startup"],
    ["`http`", "http"],
  ];
  const lines = ["| module | files | lines |", "| --- | ---: | ---: |"];
  for (const [label, dir] of rows) {
    const files = codeFiles(dir);
    const total = files.reduce((sum, file) => sum + lineCount(file), 0);
    lines.push(`| ${label} | ${files.length} | ${total} |`);
  }
  return lines.join("\n");
}

function moduleGraph(): string {
  // The same call as `npm run graph`.
  const mermaid = execFileSync(
    bin("depcruise"),
    [
      "app",
      "--config",
      ".dependency-cruiser.cjs",
      "--include-only",
      "^app/(modules|platform)/",
      "--collapse",
      "^app/modules/[^/]+|^app/platform",
      "--exclude",
      "/tables\\.server\\.ts$|/types\\.ts$",
      "--output-type",
      "mermaid",
    ],
    { cwd: root, encoding: "utf8" },
  );
  return `\`\`\`mermaid\n${mermaid.trim()}\n\`\`\``;
}

function decisionsIndex(): string {
  const dir = path.join(root, "docs/decisions");
  const rows = fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort()
    .map((name) => {
      const title = /^# (.+)$/m.exec(fs.readFileSync(path.join(dir, name), "utf8"))?.[1] ?? name;
      return `| ${name.slice(0, 4)} | [${title.replaceAll("|", "\\|")}](${name}) |`;
    });
  return [
    "# Decisões",
    "",
    "Cada decisão de arquitetura ou de produto, numerada na ordem em que foi tomada. Gerado por",
    "`npm run docs` (scripts/docs-map.ts); `npm run lint` falha quando este índice fica para trás.",
    "",
    "| nº | decisão |",
    "| --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/** `text` with what stands between `<!-- name:start -->` and `<!-- name:end -->` replaced. */
function between(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/architecture.md sem os marcadores ${name}`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

function formatted(file: string, text: string): string {
  return execFileSync(bin("biome"), ["format", `--stdin-file-path=${file}`], {
    cwd: root,
    input: text,
    encoding: "utf8",
  });
}

const architecture = "docs/architecture.md";
const decisions = "docs/decisions/README.md";
let current = fs.readFileSync(path.join(root, architecture), "utf8");
current = between(current, "module-map", moduleMap());
current = between(current, "graph", moduleGraph());
const wanted = new Map([
  [architecture, formatted(architecture, current)],
  [decisions, formatted(decisions, decisionsIndex())],
  ["docs/permissoes.md", formatted("docs/permissoes.md", await permissionsDoc(root))],
]);

const check = process.argv.includes("--check");
let stale = 0;
for (const [file, text] of wanted) {
  const full = path.join(root, file);
  const before = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
  if (before === text) continue;
  if (check) {
    console.error(`${file} está desatualizado: rode npm run docs`);
    stale++;
  } else {
    fs.writeFileSync(full, text);
    console.info(`${file} gerado`);
  }
}
// The route modules read for docs/permissoes.md may leave handles open: exit either way.
process.exit(stale > 0 ? 1 : 0);
