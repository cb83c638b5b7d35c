// The import rules of docs/architecture.md, checked by `npm run lint` (depcruise).

/** One forbidden arrow: what imports (`from`) must not reach (`to`), and why. */
const rule = (name, comment, from, to) => ({ name, severity: "error", comment, from, to });

const MODULE = "^app/modules/[^/]+/";
const FACE = "^app/modules/[^/]+/index(\\.server)?\\.ts$|^app/modules/registry\\.server\\.ts$";
const SERVER_CODE = "\\.server\\.tsx?$|^app/(platform|startup)/|^http/";
const TYPES_FILE = "^app/modules/([^/]+)/types\\.ts$";
/** A module's testing face: its tables, for tests and scripts only (decision 0063). */
const TESTING_FACE = "^app/modules/[^/]+/testing\\.server\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule("no-circular", "No import circles, types included.", {}, { circular: true }),
    rule(
      "module-through-its-face",
      "Outside a module, import it only through its face: index.server.ts (server) or index.ts (client-safe).",
      { path: "^app/modules/([^/]+)/", pathNot: "/tables\\.server\\.ts$" },
      { path: MODULE, pathNot: ["^app/modules/$1/", FACE] },
    ),
    rule(
      "manifests-through-the-registry",
      "A module's manifest (module.server.ts) is read by the registry alone; everyone else gets the list from app/modules/registry.server.ts.",
      { pathNot: "^app/modules/registry\\.server\\.ts$|^app/modules/([^/]+)/" },
      { path: "^app/modules/[^/]+/module\\.server\\.ts$" },
    ),
    rule(
      "tables-reference-tables",
      "A module's slice of the schema may name another module's table for a foreign key, and nothing else of it.",
      { path: "^app/modules/([^/]+)/tables\\.server\\.ts$" },
      { path: MODULE, pathNot: ["^app/modules/$1/", "^app/modules/[^/]+/tables\\.server\\.ts$"] },
    ),
    rule(
      "face-from-outside",
      "Code outside app/modules imports a module only through its face (index.server.ts or index.ts), or tests and scripts through its testing face; unit tests may take any file of a module where it is.",
      { pathNot: "^app/modules/|^tests/unit/" },
      { path: "^app/modules/", pathNot: [FACE, TESTING_FACE] },
    ),
    rule(
      "testing-face-for-tests",
      "A module's testing face hands its tables to tests and scripts only: the app (other modules, routes, startup, the module itself) goes through the server face, which exports functions.",
      { pathNot: "^(tests|scripts)/" },
      { path: TESTING_FACE },
    ),
    rule(
      "client-code-is-not-server-code",
      "Components, islands, pure rules, schemas and client helpers never import server code, types included; a module's client-safe face (index.ts) gives them what they need.",
      {
        path: "^app/(components|islands|domain|lib|schemas|content)/|^app/modules/[^/]+/(?!index\\.server|types\\.ts)[^/]+(?<!\\.server)\\.tsx?$",
      },
      { path: SERVER_CODE },
    ),
    rule(
      "client-types-are-only-types",
      "A module's types.ts gives client code the types of its server functions: type-only imports of its own module, erased at build.",
      { path: TYPES_FILE },
      { path: SERVER_CODE, pathNot: "^app/modules/$1/[^/]+\\.server\\.tsx?$" },
    ),
    rule(
      "client-types-never-run-server-code",
      "The type-only imports of a types.ts are erased at build: none of them runs server code.",
      { path: TYPES_FILE },
      { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    ),
    rule(
      "routes-do-not-touch-the-database",
      "Routes load, act and render through modules; the database client is theirs.",
      { path: "^app/routes/" },
      { path: "^app/platform/db/" },
    ),
    rule(
      "infrastructure-knows-no-module",
      "app/platform is the platform every module stands on; it imports no module, route or startup code.",
      { path: "^app/platform/" },
      { path: "^app/(modules|routes|startup)/|^http/" },
    ),
    rule(
      "modules-know-no-routes",
      "Modules do not reach up into routes, startup or the HTTP layer.",
      { path: "^app/modules/" },
      { path: "^app/(routes|startup)/|^http/" },
    ),
    rule(
      "pure-rules-stay-pure",
      "app/domain is pure logic: it imports only itself and npm packages.",
      { path: "^app/domain/" },
      { path: "^app/(?!domain/|content/)" },
    ),
    rule(
      "not-to-unresolvable",
      "Every import resolves (React Router's generated types and Vite's virtual modules aside).",
      {},
      { couldNotResolve: true, pathNot: "^virtual:|\\+types/" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules|data|test-results)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"],
    },
    reporterOptions: {
      dot: {
        collapsePattern:
          "^app/modules/[^/]+|^app/(platform|domain|schemas|lib|content|components|islands|startup)|^app/routes/[^/]+|^http|^scripts|^tests",
      },
    },
  },
};
