// The route table as the server build lists it (`ServerBuild["routes"]`: id, parent, path,
// module), read from app/routes.ts and each route's module, for tests that read the routes'
// declarations (the shared pages' `handle.pageCache`) without a production build.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "~/routes";

interface SourceRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}

const APP = path.join(import.meta.dirname, "../../app");

/** Every route of app/routes.ts under the root, each with its imported module. */
export async function sourceRoutes(): Promise<Record<string, SourceRoute>> {
  // The root's module (the document) declares nothing the tests read.
  const routes: Record<string, SourceRoute> = { root: { id: "root", path: "", module: {} } };
  async function add(entries: RouteConfigEntry[], parentId: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(path.join(APP, entry.file))) as Record<string, unknown>;
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  }
  await add(await routeConfig, "root");
  return routes;
}
