// The catalogue import's stock: the file's figures per variant per unit, written by inventory
// (the owner of `estoque` and its ledger) inside the import's transaction, handed to catalog
// by the caller (decision 0026). Each figure is measured against the row as locked now: the
// ledger gets the difference, and a figure below what placed orders reserve is refused.
import { sql } from "drizzle-orm";
import type { ImportStockMove, ImportStockWriter } from "~/modules/catalog/index.server";
import { type Executor, queryRows } from "~/platform/db/client.server";

/** The import's stock writer, its ledger rows signed with who imported (e-mail, or none). */
export function importStockWriter(usuarioEmail: string | null): ImportStockWriter {
  return (tx, moves) => writeImportedStock(tx, moves, usuarioEmail);
}

async function writeImportedStock(
  tx: Executor,
  moves: ImportStockMove[],
  usuarioEmail: string | null,
): Promise<{ line: number; error: string }[]> {
  if (moves.length === 0) return [];
  const arr = <T, U>(items: T[], pick: (item: T) => U) => sql.param(items.map(pick));
  const current = await queryRows<{
    variante_id: string;
    unidade_id: string;
    em_maos: number;
    reservado: number;
  }>(
    tx,
    sql`select e.variante_id, e.unidade_id, e.em_maos, e.reservado from estoque e
      join unnest(
        ${arr(moves, (m) => m.varianteId)}::uuid[],
        ${arr(moves, (m) => m.unidadeId)}::uuid[]
      ) as t(v, u) on e.variante_id = t.v and e.unidade_id = t.u
      order by e.variante_id, e.unidade_id
      for update of e`,
  );
  const figures = new Map(
    current.map((r) => [`${r.variante_id}:${r.unidade_id}`, { emMaos: r.em_maos, r: r.reservado }]),
  );
  const refused: { line: number; error: string }[] = [];
  const apply = moves.flatMap((m) => {
    const now = figures.get(`${m.varianteId}:${m.unidadeId}`);
    if (now && now.r > m.depois) {
      refused.push({
        line: m.line,
        error: `estoque ${m.depois} fica abaixo do reservado por pedidos (${now.r})`,
      });
      return [];
    }
    if (now && now.emMaos === m.depois) return [];
    return [{ ...m, antes: now?.emMaos ?? 0, reservado: now?.r ?? 0 }];
  });
  if (apply.length > 0) {
    await tx.execute(sql`with t as (
        select * from unnest(
          ${arr(apply, (m) => m.varianteId)}::uuid[],
          ${arr(apply, (m) => m.unidadeId)}::uuid[],
          ${arr(apply, (m) => m.depois)}::int[],
          ${arr(apply, (m) => m.depois - m.antes)}::int[],
          ${arr(apply, (m) => m.reservado)}::int[]
        ) as t(v, u, depois, delta, reservado)
      ), e as (
        insert into estoque as e (variante_id, unidade_id, em_maos)
        select v, u, depois from t
        on conflict (variante_id, unidade_id) do update
          set em_maos = excluded.em_maos, updated_at = now()
      )
      insert into movimentos_estoque (variante_id, unidade_id, tipo, delta_em_maos,
        em_maos_depois, reservado_depois, motivo, usuario_email)
      select v, u, 'importacao', delta, depois, reservado, 'Importação de produtos',
        ${usuarioEmail}::text
      from t where delta <> 0`);
  }
  return refused;
}
