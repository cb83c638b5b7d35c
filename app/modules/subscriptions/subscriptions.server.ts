// "Compra programada" (issue 45 points 1 and 3, decision 0086): a signed-in customer subscribes
// to a variant every N days; the customer (in the account, or by the signed link of every
// e-mail) skips, moves, pauses, resumes, edits and cancels in one click. Every change is one
// transaction; cancelling answers with a protocol number, also sent by e-mail.
import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DIAS_LEMBRETE, INTERVALO_MAX, somarDias, TERMOS_VERSAO } from "~/domain/assinatura";
import { shopDay } from "~/domain/dates";
import { saleVariants } from "~/modules/catalog/index.server";
import { findServedArea } from "~/modules/delivery";
import { deliveryRules } from "~/modules/delivery/index.server";
import { enqueueEmails } from "~/modules/mail/index.server";
import { renewalOutcomes } from "~/modules/orders/index.server";
import { currentSettings, listActiveUnits } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, queryRows, transaction } from "~/platform/db/client.server";
import { sameSecret, sessionSecret } from "~/platform/secret.server";
import {
  type RenewalChoice,
  type RenewalChoices,
  readChoice,
  renewalChoices,
} from "./choice.server";
import { type SubscribeInput, subscribeSchema } from "./subscribe.schema";
import {
  type Assinatura,
  assinaturas,
  ciclosAssinatura,
  descontosAssinatura,
  itensAssinatura,
} from "./tables.server";

export const EMAIL_CONFIRMADA = "assinatura_confirmada";
export const EMAIL_LEMBRETE = "assinatura_lembrete";
export const EMAIL_CANCELADA = "assinatura_cancelada";
export const EMAIL_PAUSADA = "assinatura_pausada";

/** Who the subscription belongs to, as the customers module knows them. */
export interface Titular {
  id: string;
  email: string;
  nome: string;
}

/** The signature of a subscription's links (every reminder carries it). */
export function subscriptionToken(id: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`assinatura:${id}`)
    .digest("base64url")
    .slice(0, 32);
}

export function validSubscriptionToken(id: string, token: string | null): boolean {
  if (!token || token.length > 100) return false;
  return sameSecret(subscriptionToken(id), token);
}

/** The discount of each variant: its product's, else its category's (percent; 0 for none). */
export async function discountsFor(
  varianteIds: string[],
  executor: Executor = db(),
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (varianteIds.length === 0) return result;
  const rows = await executor.execute<{ id: string; percentual: number | null }>(sql`
    select v.id, coalesce(dp.percentual, dc.percentual) as percentual
    from variantes v join produtos p on p.id = v.produto_id
    left join ${descontosAssinatura} dp on dp.produto_id = p.id
    left join ${descontosAssinatura} dc on dc.categoria_id = p.categoria_id
    where v.id in (${sql.join(
      varianteIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  for (const r of rowsOf<{ id: string; percentual: number | null }>(rows))
    result.set(r.id, Number(r.percentual ?? 0));
  return result;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type SubscribeResult =
  | { ok: true; assinatura: Assinatura }
  | { ok: false; message: string; errors: Record<string, string> };

/** The first date offered: the reminder and the order need their days before it. */
export function firstDateAllowed(at: Date = now()): string {
  return somarDias(shopDay(at), DIAS_LEMBRETE + 1);
}

/**
 * Subscribes: the variant on sale, the unit and payment as the checkout would take them, the
 * address from the customer's book (its neighbourhood served, its fee kept to notice a change),
 * the terms' version; the confirmation e-mail repeats the terms.
 */
export async function subscribe(
  titular: Titular,
  form: Record<string, string>,
  address: (id: string) => Promise<{
    logradouro: string;
    numero: string;
    complemento: string | null;
    referencia: string | null;
    cep: string | null;
    bairro: string | null;
  } | null>,
): Promise<SubscribeResult> {
  let fields = form;
  const fail = (message: string, errors: Record<string, string> = {}) =>
    ({ ok: false, message, errors }) as const;
  // Several items (subscribing from a past order, decision 0090): `q_<variante>` = quantity,
  // 0 leaves it out; the first one stands for the form's single item.
  const linhas = Object.entries(fields)
    .filter(([k]) => k.startsWith("q_") && UUID_RE.test(k.slice(2)))
    .map(([k, v]) => ({ varianteId: k.slice(2), quantidade: Number(v) }))
    .filter((l) => l.quantidade !== 0);
  if (linhas.length > 20) return fail("No máximo 20 itens numa compra programada.");
  if (linhas.some((l) => !Number.isInteger(l.quantidade) || l.quantidade < 1 || l.quantidade > 99))
    return fail("Verifique os campos destacados", { quantidade: "Quantidade inválida" });
  if (!fields.varianteId && linhas[0]) {
    fields = {
      ...fields,
      varianteId: linhas[0].varianteId,
      quantidade: String(linhas[0].quantidade),
    };
  }
  const parsed = subscribeSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
    return fail("Verifique os campos destacados", errors);
  }
  const input: SubscribeInput = parsed.data;
  const at = now();
  if (
    input.primeiraData < firstDateAllowed(at) ||
    input.primeiraData > somarDias(shopDay(at), INTERVALO_MAX)
  ) {
    return fail("Verifique os campos destacados", {
      primeiraData: "Escolha uma data a partir de 4 dias de hoje",
    });
  }
  const itens = [
    { varianteId: input.varianteId, quantidade: input.quantidade },
    ...linhas.filter((l) => l.varianteId !== input.varianteId),
  ];
  const vendidas = new Map(
    (await saleVariants(itens.map((i) => i.varianteId))).map((v) => [v.id, v]),
  );
  const fora = itens.filter((i) => !vendidas.get(i.varianteId)?.aVenda);
  if (fora.length > 0) {
    const v = vendidas.get(fora[0]!.varianteId);
    return fail(
      v
        ? `${[v.nome, v.rotulo].filter(Boolean).join(" — ")} não está à venda no momento.`
        : "Este produto não está à venda no momento.",
    );
  }
  const variant = vendidas.get(input.varianteId)!;
  const settings = await currentSettings();
  const units = await listActiveUnits();
  let unidadeId: string | null = input.unidadeId;
  let endereco: Awaited<ReturnType<typeof address>> = null;
  let taxaAceita: number | null = null;
  if (input.modo === "retirada") {
    const unit = units.find((u) => u.id === unidadeId && u.ativo && !u.emBreve && u.retiradaAtiva);
    if (!unit)
      return fail("Verifique os campos destacados", {
        unidadeId: "Essa unidade não faz retiradas.",
      });
  } else {
    endereco = await address(input.enderecoId!);
    if (!endereco?.bairro) {
      return fail("Verifique os campos destacados", {
        enderecoId: "Esse endereço não está num bairro atendido.",
      });
    }
    const area = findServedArea(await deliveryRules(settings), endereco.bairro);
    if (!area)
      return fail("Verifique os campos destacados", { enderecoId: "Bairro não atendido." });
    taxaAceita = area.taxaEntrega;
    unidadeId =
      area.unidadeId ?? units.find((u) => u.ativo && !u.emBreve && u.atendeEntregas)?.id ?? null;
  }
  const pix = input.formaPagamento === "pix" && !settings.pixManualAtivo;
  if (pix)
    return fail("Verifique os campos destacados", {
      formaPagamento: "Forma de pagamento indisponível",
    });
  const desconto = (await discountsFor([variant.id])).get(variant.id) ?? 0;
  const assinatura = await transaction(async (tx) => {
    const [row] = await tx
      .insert(assinaturas)
      .values({
        clienteId: titular.id,
        unidadeId,
        modo: input.modo,
        nome: titular.nome || titular.email,
        telefone: input.telefone,
        endereco: endereco?.logradouro ?? null,
        numero: endereco?.numero ?? null,
        complemento: endereco?.complemento ?? null,
        bairro: endereco?.bairro ?? null,
        referencia: endereco?.referencia ?? null,
        cep: endereco?.cep ?? null,
        janelaEntrega: input.modo === "entrega" ? (input.janelaEntrega ?? null) : null,
        taxaAceita,
        formaPagamento: input.formaPagamento,
        intervaloDias: input.intervaloDias,
        proximaData: input.primeiraData,
        lembretes: input.lembretes,
        termosVersao: TERMOS_VERSAO,
        termosAceitosEm: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx.insert(itensAssinatura).values(
      itens.map((i) => ({
        assinaturaId: row!.id,
        varianteId: i.varianteId,
        quantidade: i.quantidade,
        precoAceito: vendidas.get(i.varianteId)!.preco,
      })),
    );
    await enqueueEmails(tx, [
      {
        tipo: EMAIL_CONFIRMADA,
        destinatario: titular.email,
        resourceType: "assinatura",
        resourceId: row!.id,
        dados: { desconto: String(desconto), versao: TERMOS_VERSAO },
      },
    ]);
    return row!;
  });
  return { ok: true, assinatura };
}

export interface SubscriptionView {
  assinatura: Assinatura;
  itens: {
    varianteId: string;
    nome: string;
    quantidade: number;
    precoAceito: number;
    precoHoje: number | null;
    desconto: number;
    pesoG: number | null;
  }[];
  ciclos: (typeof ciclosAssinatura.$inferSelect)[];
  token: string;
  /** On a renewal that waits: the other pack sizes and units to choose from. */
  escolhas: RenewalChoices | null;
}

/** One subscription with its items (as sold today) and its cycles, newest first. */
export async function subscriptionView(id: string): Promise<SubscriptionView | null> {
  const [assinatura] = await db().select().from(assinaturas).where(eq(assinaturas.id, id));
  if (!assinatura) return null;
  const itens = await db()
    .select()
    .from(itensAssinatura)
    .where(eq(itensAssinatura.assinaturaId, id));
  const variants = new Map(
    (await saleVariants(itens.map((i) => i.varianteId))).map((v) => [v.id, v]),
  );
  const descontos = await discountsFor(itens.map((i) => i.varianteId));
  const ciclos = await db()
    .select()
    .from(ciclosAssinatura)
    .where(eq(ciclosAssinatura.assinaturaId, id))
    .orderBy(desc(ciclosAssinatura.data))
    .limit(24);
  // A renewal paid (or expired) a moment ago reads so at once: the cycle's own row follows at
  // the job's next run, which also counts the unpaid ones.
  const desfechos = new Map(
    (
      await renewalOutcomes(
        ciclos.flatMap((c) => (c.estado === "pedido_criado" && c.pedidoId ? [c.pedidoId] : [])),
      )
    ).map((o) => [o.id, o.desfecho]),
  );
  return {
    assinatura,
    itens: itens.map((i) => {
      const v = variants.get(i.varianteId);
      return {
        varianteId: i.varianteId,
        nome: v ? [v.nome, v.rotulo].filter(Boolean).join(" — ") : "Produto removido",
        quantidade: i.quantidade,
        precoAceito: i.precoAceito,
        precoHoje: v?.aVenda ? v.preco : null,
        desconto: descontos.get(i.varianteId) ?? 0,
        pesoG: v?.pesoG ?? null,
      };
    }),
    ciclos: ciclos.map((c) => {
      const desfecho = c.pedidoId ? desfechos.get(c.pedidoId) : undefined;
      return desfecho && desfecho !== "aberto" ? { ...c, estado: desfecho } : c;
    }),
    token: subscriptionToken(id),
    escolhas:
      assinatura.estado === "ativa" &&
      ciclos.some((c) => c.data === assinatura.proximaData && c.estado === "aguardando_cliente")
        ? await renewalChoices(assinatura, itens)
        : null,
  };
}

/** The customer's subscriptions, newest first. */
export async function customerSubscriptions(clienteId: string) {
  const rows = await db()
    .select({ id: assinaturas.id })
    .from(assinaturas)
    .where(eq(assinaturas.clienteId, clienteId))
    .orderBy(desc(assinaturas.createdAt))
    .limit(50);
  const views = [];
  for (const r of rows) {
    const view = await subscriptionView(r.id);
    if (view) views.push(view);
  }
  return views;
}

/** Whether the subscription belongs to the customer (the account's pages act only on theirs). */
export async function ownsSubscription(clienteId: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await db()
    .select({ id: assinaturas.id })
    .from(assinaturas)
    .where(and(eq(assinaturas.id, id), eq(assinaturas.clienteId, clienteId)));
  return Boolean(row);
}

/** The customer's e-mail; none once the account was anonymised (nobody to write to). */
export async function emailOf(tx: Executor, clienteId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(
    tx,
    sql`select email from clientes where id = ${clienteId}::uuid and anonimizado_em is null`,
  );
  return row?.email ?? null;
}

/** Queues one of the subscription's e-mails to its customer, when there is an address. */
export async function emailSubscriber(
  tx: Executor,
  row: Assinatura,
  tipo: string,
  dados?: Record<string, string>,
): Promise<void> {
  const email = await emailOf(tx, row.clienteId);
  if (!email) return;
  await enqueueEmails(tx, [
    { tipo, destinatario: email, resourceType: "assinatura", resourceId: row.id, dados },
  ]);
}

/** A protocol number the customer quotes: the day and six random digits. */
function protocolNumber(at: Date): string {
  return `AS${shopDay(at).replaceAll("-", "")}${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

export type ChangeResult = { ok: true; message: string } | { ok: false; message: string };

/** Cancels at once (one click); a second click answers with the same protocol. */
export async function cancelSubscription(
  id: string,
): Promise<ChangeResult & { protocolo?: string }> {
  return transaction(async (tx) => {
    const [row] = await tx.select().from(assinaturas).where(eq(assinaturas.id, id)).for("update");
    if (!row) return { ok: false, message: "Assinatura não encontrada." };
    if (row.estado === "cancelada") {
      return {
        ok: true,
        message: `Assinatura cancelada. Protocolo ${row.protocoloCancelamento}.`,
        protocolo: row.protocoloCancelamento ?? undefined,
      };
    }
    const at = now();
    const protocolo = protocolNumber(at);
    await tx
      .update(assinaturas)
      .set({
        estado: "cancelada",
        canceladaEm: at,
        protocoloCancelamento: protocolo,
        updatedAt: at,
      })
      .where(eq(assinaturas.id, id));
    // A reminder already sent for a date that has no order yet: nothing will be made.
    await tx
      .update(ciclosAssinatura)
      .set({ estado: "pulado", updatedAt: at })
      .where(
        and(
          eq(ciclosAssinatura.assinaturaId, id),
          inArray(ciclosAssinatura.estado, ["lembrado", "aguardando_cliente"]),
        ),
      );
    await emailSubscriber(tx, row, EMAIL_CANCELADA, { protocolo });
    return { ok: true, message: `Assinatura cancelada. Protocolo ${protocolo}.`, protocolo };
  });
}

async function changeOpen(
  id: string,
  change: (tx: Executor, row: Assinatura, at: Date) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  return transaction(async (tx) => {
    const [row] = await tx.select().from(assinaturas).where(eq(assinaturas.id, id)).for("update");
    if (!row) return { ok: false, message: "Assinatura não encontrada." };
    if (row.estado === "cancelada") return { ok: false, message: "Esta assinatura foi cancelada." };
    return change(tx, row, now());
  });
}

/** The open cycle of the next date (reminded or waiting, no order yet), if any. */
async function openCycle(tx: Executor, row: Assinatura) {
  const [cycle] = await tx
    .select()
    .from(ciclosAssinatura)
    .where(
      and(eq(ciclosAssinatura.assinaturaId, row.id), eq(ciclosAssinatura.data, row.proximaData)),
    )
    .for("update");
  return cycle ?? null;
}

/** "Pular esta": the next date is skipped (recorded) and the one after comes. */
export function skipNext(id: string): Promise<ChangeResult> {
  return changeOpen(id, async (tx, row, at) => {
    const cycle = await openCycle(tx, row);
    if (cycle && !["lembrado", "aguardando_cliente"].includes(cycle.estado)) {
      return {
        ok: false,
        message: "O pedido desta data já foi criado: cancele-o pela página do pedido.",
      };
    }
    if (cycle) {
      await tx
        .update(ciclosAssinatura)
        .set({ estado: "pulado", updatedAt: at })
        .where(eq(ciclosAssinatura.id, cycle.id));
    } else {
      await tx.insert(ciclosAssinatura).values({
        assinaturaId: row.id,
        data: row.proximaData,
        estado: "pulado",
        createdAt: at,
        updatedAt: at,
      });
    }
    const proxima = somarDias(row.proximaData, row.intervaloDias);
    await tx
      .update(assinaturas)
      .set({ proximaData: proxima, updatedAt: at })
      .where(eq(assinaturas.id, row.id));
    return {
      ok: true,
      message: `Entrega de ${brDate(row.proximaData)} pulada. A próxima é em ${brDate(proxima)}.`,
    };
  });
}

function brDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/** "Mudar data": a date from 4 days ahead; a reminder already sent for the old date is dropped. */
function changeDate(id: string, data: string): Promise<ChangeResult> {
  return changeOpen(id, async (tx, row, at) => {
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(data) ||
      data < firstDateAllowed(at) ||
      data > somarDias(shopDay(at), INTERVALO_MAX)
    ) {
      return {
        ok: false,
        message: "Escolha uma data a partir de 4 dias de hoje e em até 90 dias.",
      };
    }
    const cycle = await openCycle(tx, row);
    if (cycle && !["lembrado", "aguardando_cliente"].includes(cycle.estado)) {
      return { ok: false, message: "O pedido desta data já foi criado." };
    }
    if (cycle) await tx.delete(ciclosAssinatura).where(eq(ciclosAssinatura.id, cycle.id));
    await tx
      .update(assinaturas)
      .set({ proximaData: data, updatedAt: at })
      .where(eq(assinaturas.id, row.id));
    return { ok: true, message: `Próxima entrega em ${brDate(data)}.` };
  });
}

/** "Pausar" until a date (or until resumed): no reminder, no order meanwhile. */
export function pauseSubscription(id: string, ate: string | null): Promise<ChangeResult> {
  return changeOpen(id, async (tx, row, at) => {
    if (
      ate !== null &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(ate) || ate <= shopDay(at) || ate > somarDias(shopDay(at), 365))
    ) {
      return { ok: false, message: "Escolha uma data futura, em até um ano." };
    }
    const cycle = await openCycle(tx, row);
    if (cycle && ["lembrado", "aguardando_cliente"].includes(cycle.estado)) {
      await tx.delete(ciclosAssinatura).where(eq(ciclosAssinatura.id, cycle.id));
    }
    await tx
      .update(assinaturas)
      .set({ estado: "pausada", pausadaAte: ate, updatedAt: at })
      .where(eq(assinaturas.id, row.id));
    return {
      ok: true,
      message: ate ? `Assinatura pausada até ${brDate(ate)}.` : "Assinatura pausada.",
    };
  });
}

/** "Retomar": active again, the next date no sooner than the reminder allows. */
function resumeSubscription(id: string): Promise<ChangeResult> {
  return changeOpen(id, async (tx, row, at) => resumeLocked(tx, row, at));
}

async function resumeLocked(tx: Executor, row: Assinatura, at: Date): Promise<ChangeResult> {
  const earliest = firstDateAllowed(at);
  const proxima = [row.proximaData, earliest].sort()[1]!;
  await tx
    .update(assinaturas)
    .set({
      estado: "ativa",
      pausadaAte: null,
      falhasSeguidas: 0,
      proximaData: proxima,
      updatedAt: at,
    })
    .where(eq(assinaturas.id, row.id));
  return { ok: true, message: `Assinatura retomada. Próxima entrega em ${brDate(proxima)}.` };
}

/** The paused subscriptions whose date came: active again (the cycle job's first step). */
export async function resumeDuePauses(at: Date): Promise<number> {
  const due = await db()
    .select({ id: assinaturas.id })
    .from(assinaturas)
    .where(
      and(eq(assinaturas.estado, "pausada"), sql`${assinaturas.pausadaAte} <= ${shopDay(at)}`),
    );
  for (const d of due) {
    await transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(assinaturas)
        .where(eq(assinaturas.id, d.id))
        .for("update");
      if (row?.estado === "pausada" && row.pausadaAte && row.pausadaAte <= shopDay(at)) {
        await resumeLocked(tx, row, at);
      }
    });
  }
  return due.length;
}

/** "Editar": interval and quantities (0 removes an item; at least one stays). */
function editSubscription(
  id: string,
  intervaloDias: number,
  quantidades: Record<string, number>,
  lembretes: boolean,
): Promise<ChangeResult> {
  return changeOpen(id, async (tx, row, at) => {
    if (!Number.isInteger(intervaloDias) || intervaloDias < 15 || intervaloDias > 90) {
      return { ok: false, message: "O intervalo vai de 15 a 90 dias." };
    }
    const itens = await tx
      .select()
      .from(itensAssinatura)
      .where(eq(itensAssinatura.assinaturaId, row.id));
    const kept = itens.filter((i) => (quantidades[i.varianteId] ?? i.quantidade) > 0);
    if (kept.length === 0)
      return { ok: false, message: "Deixe ao menos um item (ou cancele a assinatura)." };
    for (const item of itens) {
      const q = quantidades[item.varianteId] ?? item.quantidade;
      if (!Number.isInteger(q) || q < 0 || q > 99)
        return { ok: false, message: "Quantidade inválida." };
      if (q === 0) await tx.delete(itensAssinatura).where(eq(itensAssinatura.id, item.id));
      else if (q !== item.quantidade) {
        await tx
          .update(itensAssinatura)
          .set({ quantidade: q })
          .where(eq(itensAssinatura.id, item.id));
      }
    }
    await tx
      .update(assinaturas)
      .set({ intervaloDias, lembretes, updatedAt: at })
      .where(eq(assinaturas.id, row.id));
    return { ok: true, message: "Assinatura atualizada." };
  });
}

/**
 * One action on a subscription from its pages (the account's or a reminder's signed link):
 * the form's `intent` and fields, checked here; "pagar" places the renewal now at today's
 * prices (the customer's choice on a waiting one).
 */
export async function subscriptionAction(
  id: string,
  fields: Record<string, string>,
  pay: (id: string, choice?: RenewalChoice) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  switch (fields.intent) {
    case "cancelar":
      return cancelSubscription(id);
    case "pular":
      return skipNext(id);
    case "data":
      return changeDate(id, (fields.data ?? "").slice(0, 10));
    case "pausar":
      return pauseSubscription(id, fields.ate ? fields.ate.slice(0, 10) : null);
    case "retomar":
      return resumeSubscription(id);
    case "pagar":
      return pay(id);
    case "trocar":
      return pay(id, readChoice(fields));
    case "editar": {
      const quantidades: Record<string, number> = {};
      for (const [k, v] of Object.entries(fields)) {
        if (k.startsWith("q_") && k.length <= 40) quantidades[k.slice(2)] = Number(v);
      }
      return editSubscription(
        id,
        Number(fields.intervaloDias),
        quantidades,
        fields.lembretes === "1",
      );
    }
    default:
      return { ok: false, message: "Ação desconhecida." };
  }
}

/**
 * The lines a past order sends to subscribe (decision 0090): those on sale, with their bag
 * weight and discount, and the names of those no longer sold (said on the page, not dropped
 * silently).
 */
export async function subscribableVariants(linhas: { varianteId: string; quantidade: number }[]) {
  const wanted = linhas.filter((l) => UUID_RE.test(l.varianteId)).slice(0, 20);
  const vendidas = new Map(
    (await saleVariants(wanted.map((l) => l.varianteId))).map((v) => [v.id, v]),
  );
  const descontos = await discountsFor([...vendidas.keys()]);
  const itens = [];
  const fora: string[] = [];
  const vistos = new Set<string>();
  for (const l of wanted) {
    const v = vendidas.get(l.varianteId);
    if (!v || vistos.has(v.id)) continue;
    vistos.add(v.id);
    const nome = [v.nome, v.rotulo].filter(Boolean).join(" — ");
    if (!v.aVenda) {
      fora.push(nome);
      continue;
    }
    itens.push({
      id: v.id,
      nome,
      preco: v.preco,
      pesoG: v.pesoG,
      desconto: descontos.get(v.id) ?? 0,
      quantidade: Math.min(99, Math.max(1, l.quantidade)),
    });
  }
  return { itens, fora };
}
