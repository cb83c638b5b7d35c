// The admin routes of app/routes.ts with a concrete URL each: the authorization tests
// (integration: loaders and actions; end-to-end: pages and .data requests over HTTP) read
// the route table, so an admin route added later is checked without touching them.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

export interface AdminRoute {
  file: string;
  /** A concrete URL for the route (params filled in). */
  url: string;
  params: Record<string, string>;
}

export const SAMPLE_ID = "00000000-0000-4000-8000-000000000001";
/** The sign-in flow itself is open to visitors, and so are the team's one-time links. */
export const PUBLIC_ADMIN_PATHS = [
  "admin",
  "admin/login",
  "admin/logout",
  "admin/login/verificar",
  "admin/convite/:token",
  "admin/senha/:token",
];

function collect(entries: RouteConfigEntry[], parentPath: string, out: AdminRoute[]) {
  for (const entry of entries) {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const underAdmin = path === "admin" || path.startsWith("admin/");
    if (underAdmin && !PUBLIC_ADMIN_PATHS.includes(path)) {
      const params: Record<string, string> = {};
      const url = `/${path
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment;
          const name = segment.slice(1).replace(/\?$/, "");
          params[name] = SAMPLE_ID;
          return SAMPLE_ID;
        })
        .join("/")}`;
      out.push({ file: entry.file, url, params });
    }
    if (entry.children) collect(entry.children, path, out);
  }
  return out;
}

// Layout routes have no path of their own: they are checked with their first child's URL.
function withLayouts(entries: RouteConfigEntry[], parentPath: string, out: AdminRoute[]) {
  for (const entry of entries) {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    if (!entry.path && entry.children && !entry.index) {
      const inner = collect(entry.children, path, []);
      if (inner.length > 0) out.push({ file: entry.file, url: inner[0]!.url, params: {} });
    }
    if (entry.children) withLayouts(entry.children, path, out);
  }
  return out;
}

export const adminRoutes = [...collect(routes, "", []), ...withLayouts(routes, "", [])];
