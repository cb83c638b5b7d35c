// Stock for the load scripts (bench, crash test): units in hand of some variants at the unit
// that delivers, written as a count is (the difference goes to the ledger), so the figures
// and the ledger agree as they do after any admin adjustment.
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "~/platform/db/client.server";

export async function setStockInHandAtDeliveringUnit(
  database: Database,
  varianteIds: string[],
  emMaos: number,
  motivo: string,
): Promise<void> {
  await queryRows(
    database.db,
    sql`with u as (select id from unidades where atende_entregas and ativo and not em_breve
                   order by posicao limit 1),
        before as (select e.variante_id, e.em_maos from estoque e, u
                   where e.unidade_id = u.id and e.variante_id = any(${sql.param(varianteIds)}::uuid[])),
        up as (insert into estoque (variante_id, unidade_id, em_maos)
               select v, u.id, ${emMaos} from unnest(${sql.param(varianteIds)}::uuid[]) v, u
               on conflict (variante_id, unidade_id) do update set em_maos = excluded.em_maos
               returning variante_id, unidade_id, em_maos, reservado)
        insert into movimentos_estoque (variante_id, unidade_id, tipo, delta_em_maos,
          em_maos_depois, reservado_depois, motivo)
        select up.variante_id, up.unidade_id, 'ajuste',
          up.em_maos - coalesce(b.em_maos, 0), up.em_maos, up.reservado, ${motivo}
        from up left join before b on b.variante_id = up.variante_id`,
  );
}
