// What the subscriptions module holds about one person (decision 0086): their subscriptions
// with items and cycles, found through the account's e-mail or phone. Anonymising deletes them
// (items and cycles go with them); the renewal orders stay with orders, which anonymises its own.
import { sql } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import {
  NOTHING,
  type PersonalDataFound,
  type PersonalDataHandler,
  type Subject,
} from "~/platform/personal-data.server";

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function held(subject: Subject, executor: Executor) {
  const match =
    subject.kind === "email"
      ? sql`c.email = ${subject.email}`
      : sql`regexp_replace(a.telefone, '\\D', '', 'g') like ${`%${subject.digits}`}`;
  const subs = rows<Record<string, unknown> & { id: string }>(
    await executor.execute(
      sql`select a.* from assinaturas a join clientes c on c.id = a.cliente_id where ${match}`,
    ),
  );
  const ids = subs.map((s) => s.id);
  if (ids.length === 0) return { subs, itens: [], ciclos: [] };
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const itens = rows<Record<string, unknown>>(
    await executor.execute(sql`select * from itens_assinatura where assinatura_id in (${list})`),
  );
  const ciclos = rows<Record<string, unknown>>(
    await executor.execute(
      sql`select * from ciclos_assinatura where assinatura_id in (${list}) order by data`,
    ),
  );
  return { subs, itens, ciclos };
}

export const subscriptionsPersonalData: PersonalDataHandler = {
  label: "Compras programadas",
  find: async (subject, executor) => {
    const { subs, itens, ciclos } = await held(subject, executor);
    if (subs.length === 0)
      return { counts: {}, data: {}, files: [], references: [] } as PersonalDataFound;
    return {
      counts: { assinaturas: subs.length },
      data: { assinaturas: subs, itens_assinatura: itens, ciclos_assinatura: ciclos },
      files: [],
      references: [],
    };
  },
  anonymise: async (subject, tx) => {
    // The customers handler may have emptied the account already (its e-mail no longer
    // matches): an anonymised account keeps no subscription, whoever's erasure runs first.
    const { subs } = await held(subject, tx);
    const ids = subs.map((s) => sql`${s.id}::uuid`);
    const gone = rows<{ id: string }>(
      await tx.execute(sql`delete from assinaturas a using clientes c
        where c.id = a.cliente_id
          and (c.anonimizado_em is not null${ids.length > 0 ? sql` or a.id in (${sql.join(ids, sql`, `)})` : sql``})
        returning a.id`),
    );
    if (gone.length === 0) return NOTHING;
    return { counts: { assinaturas: gone.length }, files: [], references: [] };
  },
};
