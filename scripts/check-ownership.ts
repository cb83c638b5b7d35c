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

/** The inventory files that show a variant as the catalog names it (product, SKU, EAN). */
const INVENTORY_VARIANT_READERS = [
  "inventory/stock-screen.server.ts",
  "inventory/stock.server.ts",
  "inventory/transfers.server.ts",
  "inventory/count.server.ts",
  "inventory/counter.server.ts",
];

/**
 * The declared read models: a module's SQL reads another's table, in the files listed, for the
 * reason given (a join the database does in one statement, where a call per row through the
 * owner's face would cost a round trip each). Reads only: no write to another module's table
 * is ever allowed. Keep it short; anything else goes through the owner's face.
 */
const READ_MODELS: { reader: string; table: string; files: string[]; reason: string }[] = [
  // "Compra programada" (issue 45, decision 0086): the owner's forecast and list join the
  // subscriptions' items to the catalog, units and customers in one statement; the discount of a
  // variant is its product's or its category's; the reminder and renewal need the account's
  // e-mail; the personal-data handler finds a person's subscriptions by the account's e-mail.
  {
    reader: "subscriptions",
    table: "variantes",
    files: ["subscriptions/planning.server.ts", "subscriptions/subscriptions.server.ts"],
    reason: "forecast, list and discount per variant name the variant in one query",
  },
  {
    reader: "subscriptions",
    table: "produtos",
    files: ["subscriptions/planning.server.ts", "subscriptions/subscriptions.server.ts"],
    reason: "forecast, list and discount per product name the product in one query",
  },
  {
    reader: "subscriptions",
    table: "categorias",
    files: ["subscriptions/planning.server.ts"],
    reason: "the discount form lists the categories and names a category's discount",
  },
  {
    reader: "subscriptions",
    table: "unidades",
    files: ["subscriptions/planning.server.ts"],
    reason: "the forecast names each unit",
  },
  {
    reader: "subscriptions",
    table: "clientes",
    files: [
      "subscriptions/personal-data.server.ts",
      "subscriptions/planning.server.ts",
      "subscriptions/subscriptions.server.ts",
    ],
    reason: "the account's e-mail for the subscription's e-mails, the owner's list and LGPD",
  },
  {
    reader: "subscriptions",
    table: "pedidos",
    files: ["subscriptions/planning.server.ts"],
    reason: "the paid renewals' revenue sums their orders' totals in one query",
  },
  {
    // The store's product summary, listing, filters and export count what is available at
    // the units that sell (shop's rule, unitSellsCondition), per product, in one query.
    reader: "catalog",
    table: "estoque",
    files: [
      "catalog/catalog-export.server.ts",
      "catalog/import.server.ts",
      "catalog/products.server.ts",
      "catalog/stock-figures.server.ts",
      "catalog/store-listing.server.ts",
      "catalog/variants-sale.server.ts",
      "catalog/variants.server.ts",
    ],
    reason: "product summary and listings count available stock per product",
  },
  {
    // The same reads name the unit (pick-up flag, name, order) beside its stock figure.
    reader: "catalog",
    table: "unidades",
    files: [
      "catalog/catalog-export.server.ts",
      "catalog/products.server.ts",
      "catalog/stock-figures.server.ts",
      "catalog/store-listing.server.ts",
      "catalog/variants-sale.server.ts",
    ],
    reason: "stock per unit joined with the unit that sells it",
  },
  {
    // The best sellers are recounted in one statement over the last 90 days of sales; a
    // variant ever sold is never removed (its order items keep pointing at it).
    reader: "catalog",
    table: "itens_pedido",
    files: [
      "catalog/best-sellers.server.ts",
      "catalog/import.server.ts",
      "catalog/variants.server.ts",
    ],
    reason: "best sellers; a sold variant is never deleted",
  },
  {
    reader: "catalog",
    table: "pedidos",
    files: ["catalog/best-sellers.server.ts"],
    reason: "best sellers count orders not cancelled",
  },
  {
    // A variant with a stock history is deactivated, never deleted (the ledger keeps it).
    reader: "catalog",
    table: "movimentos_estoque",
    files: ["catalog/variants.server.ts"],
    reason: "a variant with a stock history is never deleted",
  },
  {
    // The stock screen lists and searches variants by product name, SKU and EAN, paged in SQL.
    reader: "inventory",
    table: "variantes",
    files: INVENTORY_VARIANT_READERS,
    reason:
      "the stock screen searches and pages variants with their stock; a count reads codes (EAN, SKU); the reservations a counter sale put at risk name their variant",
  },
  {
    reader: "inventory",
    table: "produtos",
    files: INVENTORY_VARIANT_READERS,
    reason:
      "the stock screen, transfers, counts, stock messages and reservations at risk name a variant by its product",
  },
  {
    // A move's history line names its unit and the order that moved it (inventory may not
    // import orders: orders uses inventory).
    reader: "inventory",
    table: "pedidos",
    files: ["inventory/stock-screen.server.ts"],
    reason: "the stock history shows the order number of a move",
  },
  {
    reader: "inventory",
    table: "unidades",
    files: [
      "inventory/stock-screen.server.ts",
      "inventory/transfers.server.ts",
      "inventory/count.server.ts",
      "inventory/counter.server.ts",
    ],
    reason:
      "the stock history, the transfers, the counts and the reservations at risk name the unit of each move",
  },
  {
    // Counter items waiting for their code are grouped per unit and code in SQL (decision 0089).
    reader: "fiscal",
    table: "unidades",
    files: ["fiscal/counter-sales.server.ts"],
    reason: "the counter items waiting for their code name their unit in the grouped list",
  },
  {
    // A count of a category is narrowed and labelled by it (a brand is a column of produtos).
    reader: "inventory",
    table: "categorias",
    files: ["inventory/count.server.ts"],
    reason: "a count of one category names it and keeps to its products",
  },
];

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
  /** SQL that inserts into, updates or deletes from the table: never allowed. */
  write?: boolean;
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
        const write = new RegExp(
          `\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table}"?(?![\\w])`,
          "i",
        );
        for (const _ of plain.matchAll(word)) {
          findings.push({
            file,
            module,
            table,
            owner: owner.module,
            how: "sql",
            write: write.test(plain),
          });
        }
      }
    }
    // A module reads only its own secret settings (shop's secretSettings(owner)).
    const visitSecrets = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.getText(source) === "secretSettings" &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0]) &&
        node.arguments[0].text !== module
      ) {
        findings.push({
          file,
          module,
          table: `secretSettings("${node.arguments[0].text}")`,
          owner: node.arguments[0].text,
          how: "drizzle",
        });
      }
      ts.forEachChild(node, visitSecrets);
    };
    visitSecrets(source);
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

const allowedBy = (finding: Finding) =>
  finding.how === "sql" && !finding.write
    ? READ_MODELS.find(
        (model) =>
          model.reader === finding.module &&
          model.table === finding.table &&
          model.files.includes(finding.file.replace(/^app\/modules\//, "")),
      )
    : undefined;

function main() {
  const findings = findReferences();
  const allowed = (finding: Finding) => allowedBy(finding) !== undefined;
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
  const unused = READ_MODELS.flatMap((model) =>
    model.files
      .filter(
        (file) =>
          !findings.some(
            (finding) => finding.table === model.table && finding.file === `app/modules/${file}`,
          ),
      )
      .map((file) => `${model.reader} ${model.table} ${file}`),
  );
  for (const finding of refused) {
    console.error(
      `${finding.file}: ${finding.write ? "SQL writes" : finding.how === "sql" ? "SQL names" : "imports"} ${finding.table}, a table of ${finding.owner}; go through ${finding.owner}'s face or declare a read model in scripts/check-ownership.ts`,
    );
  }
  for (const key of unused) {
    console.error(`scripts/check-ownership.ts: read model "${key}" is no longer used; remove it`);
  }
  if (refused.length > 0 || unused.length > 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
