// The import rules of docs/architecture.md, checked by `npm run lint` (depcruise).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles, types included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "module-through-its-face",
      severity: "error",
      comment:
        "Outside a module, import it only through its face: index.server.ts (server) or index.ts (client-safe).",
      from: { path: "^app/modules/([^/]+)/", pathNot: "/tables\\.server\\.ts$" },
      to: {
        path: "^app/modules/[^/]+/",
        pathNot: ["^app/modules/$1/", "^app/modules/[^/]+/index(\\.server)?\\.ts$"],
      },
    },
    {
      name: "tables-reference-tables",
      severity: "error",
      comment:
        "A module's slice of the schema may name another module's table for a foreign key, and nothing else of it.",
      from: { path: "^app/modules/([^/]+)/tables\\.server\\.ts$" },
      to: {
        path: "^app/modules/[^/]+/",
        pathNot: ["^app/modules/$1/", "^app/modules/[^/]+/tables\\.server\\.ts$"],
      },
    },
    {
      name: "face-from-outside",
      severity: "error",
      comment:
        "Code outside app/modules imports a module only through its face (index.server.ts or index.ts); unit tests may take any file of a module where it is.",
      from: { pathNot: "^app/modules/|^tests/unit/" },
      to: { path: "^app/modules/", pathNot: "^app/modules/[^/]+/index(\\.server)?\\.ts$" },
    },
    {
      name: "client-code-is-not-server-code",
      severity: "error",
      comment:
        "Components, islands, pure rules, schemas and client helpers never import server code, types included; a module's client-safe face (index.ts) gives them what they need.",
      from: {
        path: "^app/(components|islands|domain|lib|schemas|content)/|^app/modules/[^/]+/(?!index\\.server|types\\.ts)[^/]+(?<!\\.server)\\.tsx?$",
      },
      to: { path: "\\.server\\.tsx?$|^app/(infra|startup)/|^http/" },
    },
    {
      name: "client-types-are-only-types",
      severity: "error",
      comment:
        "A module's types.ts gives client code the types of its server functions: type-only imports of its own module, erased at build.",
      from: { path: "^app/modules/([^/]+)/types\\.ts$" },
      to: {
        path: "\\.server\\.tsx?$|^app/(infra|startup)/|^http/",
        pathNot: "^app/modules/$1/[^/]+\\.server\\.tsx?$",
      },
    },
    {
      name: "client-types-never-run-server-code",
      severity: "error",
      from: { path: "^app/modules/[^/]+/types\\.ts$" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-do-not-touch-the-database",
      severity: "error",
      comment: "Routes load, act and render through modules; the database client is theirs.",
      from: { path: "^app/routes/" },
      to: { path: "^app/infra/db/" },
    },
    {
      name: "infrastructure-knows-no-module",
      severity: "error",
      comment:
        "app/infra is the platform every module stands on; it imports no module, route or startup code.",
      from: { path: "^app/infra/" },
      to: { path: "^app/(modules|routes|startup)/|^http/" },
    },
    {
      name: "modules-know-no-routes",
      severity: "error",
      comment: "Modules do not reach up into routes, startup or the HTTP layer.",
      from: { path: "^app/modules/" },
      to: { path: "^app/(routes|startup)/|^http/" },
    },
    {
      name: "pure-rules-stay-pure",
      severity: "error",
      comment: "app/domain is pure logic: it imports only itself and npm packages.",
      from: { path: "^app/domain/" },
      to: { path: "^app/(?!domain/|content/)" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:|\\+types/" },
    },
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
          "^app/modules/[^/]+|^app/(infra|domain|schemas|lib|content|components|islands|startup)|^app/routes/[^/]+|^http|^scripts|^tests",
      },
    },
  },
};
