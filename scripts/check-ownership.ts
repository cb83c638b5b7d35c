// Data ownership, checked by `npm run lint` (issue 40, decision 0063): a module's code names
// only its own tables, in raw SQL (sql`…` text) and in Drizzle (imported table objects). Who
// owns a table is where it is declared: a module's tables.server.ts, or the platform's
// app/platform/tables.server.ts. Reading another module's table is allowed only for the
// declared read models of READ_MODELS below, each with its reason; writing never is.
// `--list` prints every reference found (allowed or not), for the report.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The declared read models: one module reads another's table in SQL, for a reason worth the
 * coupling (a join the database does in one round trip, or a trigger's table). Key:
 * `<file under app/modules> <table>`. Keep it short: anything else goes through the owner's
 * face.
 */
const READ_MODELS: Record<string, string> = {};

type Owner = { module: string; table: string };

/** Every table, by SQL name and by Drizzle identifier, with the module that declares it. */
function owners() {
  const bySql = new Map<string, Owner>();
  const byIdentifier = new Map<string, Owner>();
  const files = [
    ...fs
      .readdirSync(path.join(root, "app/modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => [entry.name, `app/modules/${entry.name}/tables.server.ts`] as const),
    ["platform", "app/platform/tables.server.ts"] as const,
  ];
  for (const [module, file] of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    const source = ts.createSourceFile(full, fs.readFileSync(full, "utf8"), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(declaration.name)) continue;
        if (!/^pg(Table|View)$/.test(init.expression.getText(source))) continue;
        const first = init.arguments[0];
        if (!first || !ts.isStringLiteral(first)) continue;
        const owner = { module, table: first.text };
        bySql.set(first.text, owner);
        byIdentifier.set(declaration.name.text, owner);
      }
    }
  }
  return { bySql, byIdentifier };
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The module a module specifier points into, from `file` (`~/modules/x/…` or relative). */
function targetModule(file: string, specifier: string): string | null {
  let resolved: string;
  if (specifier.startsWith("~/")) resolved = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) resolved = path.join(path.dirname(file), specifier);
  else return null;
  const match = /^app\/(?:modules\/([^/]+)|(platform))\//.exec(resolved);
  return match ? (match[1] ?? match[2]) : null;
}

type Finding = {
  file: string;
  module: string;
  table: string;
  owner: string;
  how: "sql" | "drizzle";
};

/**
 * The SQL text of a file: sql`…` templates (Drizzle), sql.raw("…"), and plain strings and
 * templates handed to the driver (`client.query(\`select …\`)`), recognised by their verbs.
 */
function sqlTexts(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const looksLikeSql = /\b(select|insert\s+into|update|delete\s+from|from|join)\b/i;
  const visit = (node: ts.Node) => {
    const tagged =
      ts.isTaggedTemplateExpression(node.parent ?? node) &&
      /(^|\.)sql$/.test((node.parent as ts.TaggedTemplateExpression).tag.getText(source));
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      if (tagged || looksLikeSql.test(node.text)) texts.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (tagged || looksLikeSql.test(parts.join(" "))) texts.push(parts.join(" $ "));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

export function findReferences(): Finding[] {
  const { bySql, byIdentifier } = owners();
  const findings: Finding[] = [];
  for (const file of walk("app/modules")) {
    const match = /^app\/modules\/([^/]+)\//.exec(file);
    if (!match) continue;
    const module = match[1];
    // A table's slice may name another module's table for a foreign key (depcruise checks it);
    // the testing face hands tables to tests and scripts only.
    if (/\/(tables|testing)\.server\.ts$/.test(file)) continue;
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(root, file), "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    for (const text of sqlTexts(source)) {
      // A table name as a word, not a column qualified by an alias (`p.estoque`) nor a quoted
      // label; strip comments first.
      const plain = text.replace(/--[^\n]*/g, "").replace(/'(?:[^']|'')*'/g, "''");
      for (const [table, owner] of bySql) {
        if (owner.module === module) continue;
        const word = new RegExp(`(?<![.\\w])"?${table}"?(?![\\w])`, "g");
        for (const _ of plain.matchAll(word)) {
          findings.push({ file, module, table, owner: owner.module, how: "sql" });
        }
      }
    }
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
        continue;
      const target = targetModule(file, statement.moduleSpecifier.text);
      if (!target || target === module) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        const owner = byIdentifier.get((element.propertyName ?? element.name).text);
        if (owner && owner.module !== module) {
          findings.push({ file, module, table: owner.table, owner: owner.module, how: "drizzle" });
        }
      }
    }
  }
  return findings;
}

function main() {
  const findings = findReferences();
  const allowed = (finding: Finding) =>
    finding.how === "sql" &&
    READ_MODELS[`${finding.file.replace(/^app\/modules\//, "")} ${finding.table}`] !== undefined;
  if (process.argv.includes("--list")) {
    for (const finding of findings) {
      console.log(
        `${allowed(finding) ? "allowed" : "REFUSED"} ${finding.how} ${finding.file}: ${finding.table} (${finding.owner})`,
      );
    }
    const files = new Set(findings.map((finding) => finding.file));
    console.log(`${findings.length} references in ${files.size} files`);
  }
  const refused = findings.filter((finding) => !allowed(finding));
  const unused = Object.keys(READ_MODELS).filter(
    (key) =>
      !findings.some(
        (finding) => `${finding.file.replace(/^app\/modules\//, "")} ${finding.table}` === key,
      ),
  );
  for (const finding of refused) {
    console.error(
      `${finding.file}: ${finding.how === "sql" ? "SQL names" : "imports"} ${finding.table}, a table of ${finding.owner}; go through ${finding.owner}'s face or declare a read model in scripts/check-ownership.ts`,
    );
  }
  for (const key of unused)
    console.error(`scripts/check-ownership.ts: read model "${key}" is no longer used; remove it`);
  if (refused.length > 0 || unused.length > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
