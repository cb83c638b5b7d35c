// Every table the migrations create has one backup class, declared by the module that owns it
// (or by the platform for its own tables), and no declaration names a table that is gone.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MODULES } from "~/modules/registry.server";
import { declaredBackupClasses } from "~/platform/backup.server";
import { db, queryRows } from "~/platform/db/client.server";
import { withTestDatabase } from "../setup/db";

withTestDatabase();

async function databaseTables(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db(),
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

describe("backup classes", () => {
  it("declares a class for every table in the database, and for no other", async () => {
    const tables = await databaseTables();
    const declared = declaredBackupClasses();
    expect(tables.filter((table) => !declared.has(table))).toEqual([]);
    expect([...declared.keys()].filter((table) => !tables.includes(table))).toEqual([]);
  });

  it("has each table declared by one module only", () => {
    const owners = new Map<string, string[]>();
    for (const m of MODULES) {
      for (const table of Object.keys(m.backup ?? {})) {
        owners.set(table, [...(owners.get(table) ?? []), m.name]);
      }
    }
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it("keeps live state and derived tables out and the migrations' first rows replaceable", () => {
    const declared = declaredBackupClasses();
    const of = (kind: string) =>
      [...declared]
        .filter(([, k]) => k === kind)
        .map(([t]) => t)
        .sort();
    expect(of("live")).toEqual([
      "avisos",
      // One-time codes live 10 minutes; a restored one would reopen a used sign-in.
      "codigos_acesso",
      "job_runs",
      "loja_facetas",
      "loja_facetas_versao",
      "rate_limits",
      "sessoes",
      "sessoes_clientes",
    ]);
    expect(of("seeded")).toEqual(["sinonimos", "unidades"]);
    expect(of("derived")).toEqual(["produtos_resumo"]);
  });
});
