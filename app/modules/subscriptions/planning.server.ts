// The owner's view of "compra programada" (issue 45 point 4, decision 0086): the units of each
// variant due in the next 14 and 30 days per unit (every due date of each active subscription
// inside the window, not only the next), the subscriptions with their history, the revenue of
// paid renewals, and the discounts per product or category.
import { and, count, eq, sql } from "drizzle-orm";
import { INTERVALO_MIN, somarDias } from "~/domain/assinatura";
import { shopDay } from "~/domain/dates";
import type { AdminActor } from "~/platform/admin/actor.server";
import { audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, transaction } from "~/platform/db/client.server";
import {
  assinaturas,
  ciclosAssinatura,
  descontosAssinatura,
  itensAssinatura,
} from "./tables.server";

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface DemandRow {
  varianteId: string;
  nome: string;
  sku: string;
  unidadeId: string | null;
  unidade: string;
  ate14: number;
  ate30: number;
}

/**
 * Units due per variant and unit: each active subscription's dates from its next one, every
 * `intervalo_dias`, that fall within 14 and 30 days of today.
 */
export async function demandForecast(at: Date = now()): Promise<DemandRow[]> {
  const today = shopDay(at);
  const d14 = somarDias(today, 14);
  const d30 = somarDias(today, 30);
  // At most 30/15 + 1 = 3 dates fall in 30 days: generate_series over 0..2.
  const steps = Math.floor(30 / INTERVALO_MIN);
  const rows = rowsOf<{
    variante_id: string;
    nome: string;
    sku: string;
    unidade_id: string | null;
    unidade: string | null;
    ate14: string;
    ate30: string;
  }>(
    await db().execute(sql`
      with datas as (
        select a.id, a.unidade_id, (a.proxima_data + (n * a.intervalo_dias)) as data
        from ${assinaturas} a, generate_series(0, ${steps}) n
        where a.estado = 'ativa'
      )
      select i.variante_id, p.nome || case when v.rotulo <> '' then ' — ' || v.rotulo else '' end as nome,
        v.sku, d.unidade_id, u.nome as unidade,
        sum(case when d.data <= ${d14}::date then i.quantidade else 0 end) as ate14,
        sum(i.quantidade) as ate30
      from datas d
      join ${itensAssinatura} i on i.assinatura_id = d.id
      join variantes v on v.id = i.variante_id
      join produtos p on p.id = v.produto_id
      left join unidades u on u.id = d.unidade_id
      where d.data >= ${today}::date and d.data <= ${d30}::date
      group by i.variante_id, p.nome, v.rotulo, v.sku, d.unidade_id, u.nome
      order by u.nome nulls last, nome`),
  );
  return rows.map((r) => ({
    varianteId: r.variante_id,
    nome: r.nome,
    sku: r.sku,
    unidadeId: r.unidade_id,
    unidade: r.unidade ?? "Sem unidade",
    ate14: Number(r.ate14),
    ate30: Number(r.ate30),
  }));
}

export interface SubscriptionListRow {
  id: string;
  cliente: string;
  estado: string;
  intervaloDias: number;
  proximaData: string;
  itens: string;
  criadaEm: Date;
  canceladaEm: Date | null;
  protocolo: string | null;
  historico: { data: string; estado: string }[];
}

/** Every subscription, active first, with its items and its cycles (newest first). */
export async function subscriptionsForOwner(limit = 200): Promise<SubscriptionListRow[]> {
  const rows = rowsOf<{
    id: string;
    email: string;
    nome: string;
    estado: string;
    intervalo_dias: number;
    proxima_data: string;
    created_at: string;
    cancelada_em: string | null;
    protocolo_cancelamento: string | null;
    itens: string | null;
    historico: { data: string; estado: string }[] | null;
  }>(
    await db().execute(sql`
      select a.id, c.email, a.nome, a.estado, a.intervalo_dias, a.proxima_data::text, a.created_at,
        a.cancelada_em, a.protocolo_cancelamento,
        (select string_agg(i.quantidade || '× ' || p.nome || case when v.rotulo <> '' then ' ' || v.rotulo else '' end, ', ')
           from ${itensAssinatura} i join variantes v on v.id = i.variante_id join produtos p on p.id = v.produto_id
           where i.assinatura_id = a.id) as itens,
        (select json_agg(json_build_object('data', ci.data::text, 'estado', ci.estado) order by ci.data desc)
           from ${ciclosAssinatura} ci where ci.assinatura_id = a.id) as historico
      from ${assinaturas} a join clientes c on c.id = a.cliente_id
      order by case a.estado when 'ativa' then 0 when 'pausada' then 1 else 2 end, a.proxima_data
      limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    cliente: r.nome ? `${r.nome} <${r.email}>` : r.email,
    estado: r.estado,
    intervaloDias: r.intervalo_dias,
    proximaData: r.proxima_data,
    itens: r.itens ?? "",
    criadaEm: new Date(r.created_at),
    canceladaEm: r.cancelada_em ? new Date(r.cancelada_em) : null,
    protocolo: r.protocolo_cancelamento,
    historico: r.historico ?? [],
  }));
}

/** Counts by state, and the paid renewals' revenue in the last 30 days (centavos). */
export async function subscriptionFigures(at: Date = now()) {
  const byState = await db()
    .select({ estado: assinaturas.estado, n: count() })
    .from(assinaturas)
    .groupBy(assinaturas.estado);
  const since = new Date(at.getTime() - 30 * 86_400_000);
  const [revenue] = rowsOf<{ total: string | null }>(
    await db().execute(sql`
      select sum(p.total) as total from ${ciclosAssinatura} ci join pedidos p on p.id = ci.pedido_id
      where ci.estado = 'pago' and p.created_at >= ${since.toISOString()}::timestamptz`),
  );
  return {
    porEstado: Object.fromEntries(byState.map((s) => [s.estado, Number(s.n)])),
    receita30Dias: Math.round(Number(revenue?.total ?? 0) * 100),
  };
}

/** The discounts set, with what they apply to. */
export async function listDiscounts() {
  return rowsOf<{ id: string; alvo: string; tipo: "produto" | "categoria"; percentual: number }>(
    await db().execute(sql`
      select d.id, coalesce(p.nome, c.nome) as alvo,
        case when d.produto_id is null then 'categoria' else 'produto' end as tipo, d.percentual
      from ${descontosAssinatura} d
      left join produtos p on p.id = d.produto_id
      left join categorias c on c.id = d.categoria_id
      order by tipo, alvo`),
  );
}

/** Sets (or replaces) the discount of a product or a category; 0 removes it. */
export async function setDiscount(
  input: { produtoId: string | null; categoriaId: string | null; percentual: number },
  actor: AdminActor,
): Promise<void> {
  await transaction(async (tx) => {
    const target = input.produtoId
      ? eq(descontosAssinatura.produtoId, input.produtoId)
      : eq(descontosAssinatura.categoriaId, input.categoriaId!);
    await tx.delete(descontosAssinatura).where(and(target));
    if (input.percentual > 0) {
      await tx.insert(descontosAssinatura).values({
        produtoId: input.produtoId,
        categoriaId: input.produtoId ? null : input.categoriaId,
        percentual: input.percentual,
      });
    }
    await audit(
      tx,
      actor,
      "assinatura_desconto",
      input.produtoId ? "produto" : "categoria",
      input.produtoId ?? input.categoriaId!,
      {
        percentual: input.percentual,
      },
    );
  });
}

/** The categories for the discount form; a product is named by a SKU of one of its variants. */
export async function discountTargets() {
  return rowsOf<{ id: string; nome: string }>(
    await db().execute(sql`select id, nome from categorias order by nome limit 500`),
  );
}

export async function productBySku(sku: string): Promise<string | null> {
  const [row] = rowsOf<{ produto_id: string }>(
    await db().execute(
      sql`select produto_id from variantes where lower(sku) = lower(${sku}) limit 1`,
    ),
  );
  return row?.produto_id ?? null;
}
