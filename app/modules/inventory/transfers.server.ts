// Transfers between units with a receive step (issue 41, decision 0076). Sending takes the
// units out of the origin at once (nothing sells them twice) and leaves them "em trânsito" in
// transferencias_estoque, in no unit's estoque; the destination's stock goes up only when a
// person of that unit receives them (fewer allowed, the difference a loss with its reason),
// or the origin gets them back when the sender cancels. Each step is a ledger row tied to the
// transfer and an audit row with the person; the transfer's row lock makes each step once.

import { formatDateTime } from "~/domain/dates";
import { seesUnit, type UnitScope, unitsToShow } from "~/domain/unit-scope";
import { staffLabels } from "~/modules/accounts/index.server";
import { lineName } from "~/modules/catalog";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { unitsArrived } from "./arrivals.server";
import type { CancelTransferInput, ReceiveTransferInput } from "./stock.schema";
import { addToStock } from "./stock.server";
import type { StatusTransferencia, TipoMovimento } from "./tables.server";

/** Adds `delta` to the units in hand at a unit (row made when missing) and writes the movement. */
async function moveInHand(
  tx: Tx,
  m: {
    varianteId: string;
    unidadeId: string;
    delta: number;
    tipo: TipoMovimento;
    motivo: string | null;
    usuarioEmail: string | null;
    transferenciaId: string;
  },
  at: Date,
) {
  await addToStock(tx, { ...m, emMaos: m.delta, reservado: 0 }, at);
  await unitsArrived(tx, {
    varianteIds: [m.varianteId],
    unidadeId: m.unidadeId,
    quantidade: m.delta,
  });
}

/**
 * Sends units in hand from one unit to another: out of the origin now (one 'saída'), in
 * transit until received. Refused (nothing written) when the origin has fewer available.
 */
export async function sendStock(
  tx: Tx,
  t: {
    varianteId: string;
    de: string;
    para: string;
    quantidade: number;
    motivo?: string | null;
    usuarioEmail?: string | null;
  },
  at: Date = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; disponivel: number }> {
  await runSql(
    tx,
    "insert into estoque (variante_id, unidade_id) values ($1, $2) on conflict do nothing",
    [t.varianteId, t.de],
  );
  const [row] = await runSql<{ disponivel: number }>(
    tx,
    "select disponivel from estoque where variante_id = $1 and unidade_id = $2 for update",
    [t.varianteId, t.de],
  );
  const disponivel = row?.disponivel ?? 0;
  if (t.quantidade <= 0 || t.de === t.para || disponivel < t.quantidade) {
    return { ok: false, disponivel };
  }
  const [made] = await runSql<{ id: string }>(
    tx,
    `insert into transferencias_estoque
       (variante_id, de_unidade_id, para_unidade_id, quantidade, motivo, enviada_por, enviada_em)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [t.varianteId, t.de, t.para, t.quantidade, t.motivo ?? null, t.usuarioEmail ?? null, at],
  );
  await moveInHand(
    tx,
    {
      varianteId: t.varianteId,
      unidadeId: t.de,
      delta: -t.quantidade,
      tipo: "transferencia_saida",
      motivo: t.motivo ?? null,
      usuarioEmail: t.usuarioEmail ?? null,
      transferenciaId: made!.id,
    },
    at,
  );
  return { ok: true, id: made!.id };
}

interface LockedTransfer {
  id: string;
  variante_id: string;
  de_unidade_id: string;
  para_unidade_id: string;
  quantidade: number;
  status: StatusTransferencia;
  motivo: string | null;
  sku: string;
  nome: string;
  rotulo: string;
  de_nome: string;
  para_nome: string;
}

const TRANSFER_NOT_FOUND = "Transferência não encontrada";

/**
 * The transfer, locked; refused as unknown when `side` of it is not one of the person's
 * units (decision 0069), and when it is no longer in transit (received or cancelled once).
 */
async function lockTransfer(tx: Tx, id: string, actor: AdminActor, side: "de" | "para") {
  const [t] = await runSql<LockedTransfer>(
    tx,
    `select t.id, t.variante_id, t.de_unidade_id, t.para_unidade_id, t.quantidade, t.status,
       t.motivo, v.sku, v.rotulo, p.nome, de.nome as de_nome, para.nome as para_nome
     from transferencias_estoque t
     join variantes v on v.id = t.variante_id
     join produtos p on p.id = v.produto_id
     join unidades de on de.id = t.de_unidade_id
     join unidades para on para.id = t.para_unidade_id
     where t.id = $1 for update of t`,
    [id],
  );
  const unit = side === "de" ? t?.de_unidade_id : t?.para_unidade_id;
  if (!t || !seesUnit(actor, unit)) throw new AdminError(TRANSFER_NOT_FOUND);
  if (t.status !== "em_transito") {
    throw new AdminError(
      t.status === "recebida"
        ? "Esta transferência já foi recebida"
        : "Esta transferência foi cancelada",
    );
  }
  return t;
}

/** Who acts on a transfer: the admin of the audit log, and the e-mail the ledger keeps. */
export interface TransferActor extends AdminActor {
  email: string;
}

/**
 * Receives a transfer at its destination: what arrived goes into the destination's stock
 * (an 'entrada' of what was sent, then a 'perda' of what did not arrive, with its reason).
 * More than was sent is refused: that is a count (ajuste), not a transfer.
 */
export async function receiveTransfer(input: ReceiveTransferInput, actor: TransferActor) {
  return transaction(async (tx) => {
    const t = await lockTransfer(tx, input.id, actor, "para");
    const recebida = input.quantidade ?? t.quantidade;
    if (recebida > t.quantidade) {
      throw new AdminError(
        `Foram enviadas ${t.quantidade}: não é possível receber mais. Se chegou mais, registre um ajuste de estoque.`,
        "quantidade",
      );
    }
    const perda = t.quantidade - recebida;
    if (perda > 0 && !input.motivo) {
      throw new AdminError(
        `Informe o motivo da diferença (${perda} a menos), por exemplo "2 sacos rasgados"`,
        "motivo",
      );
    }
    const at = now();
    const base = {
      varianteId: t.variante_id,
      unidadeId: t.para_unidade_id,
      usuarioEmail: actor.email,
      transferenciaId: t.id,
    };
    await moveInHand(
      tx,
      // The sender's reason goes with the units.
      { ...base, delta: t.quantidade, tipo: "transferencia_entrada", motivo: t.motivo },
      at,
    );
    if (perda > 0) {
      await moveInHand(
        tx,
        { ...base, delta: -perda, tipo: "transferencia_perda", motivo: input.motivo },
        at,
      );
    }
    await runSql(
      tx,
      `update transferencias_estoque set status = 'recebida', quantidade_recebida = $2,
         motivo_diferenca = $3, concluida_por = $4, concluida_em = $5 where id = $1`,
      [t.id, recebida, perda > 0 ? input.motivo : null, actor.email, at],
    );
    await audit(tx, actor, "stock_transfer_receive", "variante", t.variante_id, {
      transferencia: t.id,
      sku: t.sku,
      de: t.de_nome,
      para: t.para_nome,
      enviada: t.quantidade,
      recebida,
      ...(perda > 0 ? { perda, motivo: input.motivo } : {}),
    });
    return { nome: lineName(t.nome, t.rotulo), para: t.para_nome, recebida, perda };
  });
}

/** Cancels a transfer still in transit (the sender's side): its units back at the origin. */
export async function cancelTransfer(input: CancelTransferInput, actor: TransferActor) {
  return transaction(async (tx) => {
    const t = await lockTransfer(tx, input.id, actor, "de");
    const at = now();
    await moveInHand(
      tx,
      {
        varianteId: t.variante_id,
        unidadeId: t.de_unidade_id,
        delta: t.quantidade,
        tipo: "transferencia_cancelada",
        motivo: null,
        usuarioEmail: actor.email,
        transferenciaId: t.id,
      },
      at,
    );
    await runSql(
      tx,
      `update transferencias_estoque set status = 'cancelada', concluida_por = $2,
         concluida_em = $3 where id = $1`,
      [t.id, actor.email, at],
    );
    await audit(tx, actor, "stock_transfer_cancel", "variante", t.variante_id, {
      transferencia: t.id,
      sku: t.sku,
      de: t.de_nome,
      para: t.para_nome,
      quantidade: t.quantidade,
    });
    return { nome: lineName(t.nome, t.rotulo), de: t.de_nome, quantidade: t.quantidade };
  });
}

/** One transfer as the Transferências screen shows it. */
export interface TransferLine {
  id: string;
  varianteId: string;
  nome: string;
  sku: string;
  de: string;
  para: string;
  deUnidadeId: string;
  paraUnidadeId: string;
  quantidade: number;
  status: StatusTransferencia;
  motivo: string | null;
  /** "Ana (Gerente, Unidade Meia Praia)". */
  enviadaPor: string | null;
  enviadaEm: string;
  quantidadeRecebida: number | null;
  motivoDiferenca: string | null;
  concluidaPor: string | null;
  concluidaEm: string | null;
}

export interface TransferListing {
  /** In transit to the person's units: what they may receive. */
  chegando: TransferLine[];
  /** In transit from the person's units: what they sent and may cancel. */
  enviadas: TransferLine[];
  /** Received or cancelled in the last 30 days, to or from the person's units. */
  recentes: TransferLine[];
}

const LIST_LIMIT = 50;
const RECENT_DAYS = 30;

/** The transfers of the person's units (decision 0069): in transit both ways, and recent. */
export async function listTransfers(
  scope: UnitScope,
  executor: Executor = db(),
): Promise<TransferListing> {
  const units = unitsToShow(scope);
  const rows = await runSql<{
    id: string;
    variante_id: string;
    nome: string;
    rotulo: string;
    sku: string;
    de_unidade_id: string;
    para_unidade_id: string;
    de_nome: string;
    para_nome: string;
    quantidade: number;
    status: StatusTransferencia;
    motivo: string | null;
    enviada_por: string | null;
    enviada_em: Date | string;
    quantidade_recebida: number | null;
    motivo_diferenca: string | null;
    concluida_por: string | null;
    concluida_em: Date | string | null;
    lado: "chegando" | "enviadas" | "recentes";
  }>(
    executor,
    `with mine as (
       (select t.*, 'chegando' as lado from transferencias_estoque t
        where t.status = 'em_transito'
          and ($1::uuid[] is null or t.para_unidade_id = any($1::uuid[]))
        order by t.enviada_em desc limit $2)
       union all
       (select t.*, 'enviadas' as lado from transferencias_estoque t
        where t.status = 'em_transito'
          and ($1::uuid[] is null or t.de_unidade_id = any($1::uuid[]))
        order by t.enviada_em desc limit $2)
       union all
       (select t.*, 'recentes' as lado from transferencias_estoque t
        where t.status <> 'em_transito' and t.concluida_em >= $3
          and ($1::uuid[] is null or t.para_unidade_id = any($1::uuid[])
               or t.de_unidade_id = any($1::uuid[]))
        order by t.concluida_em desc limit $2)
     )
     select m.id, m.variante_id, p.nome, v.rotulo, v.sku, m.de_unidade_id, m.para_unidade_id,
       de.nome as de_nome, para.nome as para_nome, m.quantidade, m.status, m.motivo,
       m.enviada_por, m.enviada_em, m.quantidade_recebida, m.motivo_diferenca, m.concluida_por,
       m.concluida_em, m.lado
     from mine m
     join variantes v on v.id = m.variante_id
     join produtos p on p.id = v.produto_id
     join unidades de on de.id = m.de_unidade_id
     join unidades para on para.id = m.para_unidade_id
     order by coalesce(m.concluida_em, m.enviada_em) desc, m.id`,
    [units, LIST_LIMIT, new Date(now().getTime() - RECENT_DAYS * 86_400_000)],
  );
  const people = await staffLabels(
    rows.flatMap((r) => [r.enviada_por, r.concluida_por]),
    { by: "email", executor },
  );
  const who = (email: string | null) => (email && people.get(email)) || email;
  const listing: TransferListing = { chegando: [], enviadas: [], recentes: [] };
  for (const r of rows) {
    listing[r.lado].push({
      id: r.id,
      varianteId: r.variante_id,
      nome: lineName(r.nome, r.rotulo),
      sku: r.sku,
      de: r.de_nome,
      para: r.para_nome,
      deUnidadeId: r.de_unidade_id,
      paraUnidadeId: r.para_unidade_id,
      quantidade: r.quantidade,
      status: r.status,
      motivo: r.motivo,
      enviadaPor: who(r.enviada_por),
      enviadaEm: formatDateTime(r.enviada_em),
      quantidadeRecebida: r.quantidade_recebida,
      motivoDiferenca: r.motivo_diferenca,
      concluidaPor: who(r.concluida_por),
      concluidaEm: r.concluida_em ? formatDateTime(r.concluida_em) : null,
    });
  }
  return listing;
}

/**
 * Units in transit per (variant, unit), both ways: `to` what is on its way to the unit, `from`
 * what left it and is not yet received (the staff's "em trânsito" beside the stock).
 */
export async function inTransitAt(
  executor: Executor,
  variantIds: string[],
  unitIds: string[],
): Promise<{ to: Map<string, number>; from: Map<string, number> }> {
  const to = new Map<string, number>();
  const from = new Map<string, number>();
  if (variantIds.length === 0 || unitIds.length === 0) return { to, from };
  const rows = await runSql<{
    variante_id: string;
    unidade_id: string;
    chegando: boolean;
    total: number;
  }>(
    executor,
    `select variante_id, unidade_id, chegando, sum(quantidade)::int as total from (
       select variante_id, para_unidade_id as unidade_id, true as chegando, quantidade
       from transferencias_estoque where status = 'em_transito'
         and variante_id = any($1::uuid[]) and para_unidade_id = any($2::uuid[])
       union all
       select variante_id, de_unidade_id, false, quantidade
       from transferencias_estoque where status = 'em_transito'
         and variante_id = any($1::uuid[]) and de_unidade_id = any($2::uuid[])
     ) t group by variante_id, unidade_id, chegando`,
    [variantIds, unitIds],
  );
  for (const r of rows) (r.chegando ? to : from).set(`${r.variante_id}/${r.unidade_id}`, r.total);
  return { to, from };
}

/** How many transfers wait to be received at the person's units (the menu's badge). */
export async function transfersToReceive(scope: UnitScope, executor: Executor = db()) {
  const [row] = await runSql<{ total: number }>(
    executor,
    `select count(*)::int as total from transferencias_estoque
     where status = 'em_transito' and ($1::uuid[] is null or para_unidade_id = any($1::uuid[]))`,
    [unitsToShow(scope)],
  );
  return row?.total ?? 0;
}
