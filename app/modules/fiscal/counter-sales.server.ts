// "Vendas do balcão" (issue 44 point 3, decision 0089): the point of sale's NFC-e files of a
// day (uploaded, or picked up from the import folder by a job) become counter sales at the
// unit that issued them, by access key, once. Each note is one transaction: its key inserted
// first (a second upload or a racing job hears when it was applied), its items matched to
// variants (GTIN, then the shop's own code remembered under the unit's CNPJ), the matched
// units taken out through inventory's ledger, the unmatched ones kept waiting until their
// code is mapped. A cancellation returns what its sale took, once; one read before its sale
// is remembered, and the sale is then recorded as cancelled and moves nothing. A sale that
// leaves fewer units in hand than online orders reserved is still recorded (the goods left
// the shop); the reservation is kept and the staff are alerted with the orders at risk.
import { formatDateTime } from "~/domain/dates";
import { motivoNaoAutorizada, type NotaFiscal } from "~/domain/nota-fiscal";
import { seesUnit } from "~/domain/unit-scope";
import { findVariantsByText, unitCosts } from "~/modules/catalog/index.server";
import {
  returnCounterSale,
  type ShortReservation,
  sellAtCounter,
  shortReservations,
} from "~/modules/inventory/index.server";
import { ordersHoldingStock } from "~/modules/orders/index.server";
import { listUnits } from "~/modules/shop/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import {
  appliedKeys,
  ESCOLHA_MOTIVOS,
  formatCnpj,
  insertDocument,
  matchNote,
  rememberCode,
} from "./entries.server";
import type { ArquivoLido } from "./files.server";

/** Who imports: a staff member (their units, their e-mail in the ledger) or the folder job. */
export interface CounterActor {
  email: string | null;
  /** The units the person works at (null or absent: every unit). */
  unidades?: readonly string[] | null;
}

export const BALCAO_MOTIVOS = {
  nenhumArquivo: "Escolha os arquivos XML das NFC-e do dia, ou um ZIP com eles.",
  nfe: (n: number) =>
    `A nota ${n} é uma NF-e (modelo 55), não uma NFC-e do balcão: use Entrada de mercadoria.`,
  outraEmpresa: (n: number, nome: string, cnpj: string) =>
    `A NFC-e ${n} foi emitida por ${nome} (CNPJ ${formatCnpj(cnpj)}), que não é uma das unidades da loja.`,
  outraUnidade: (n: number, unidade: string) =>
    `A NFC-e ${n} é da ${unidade}, que não é uma das suas unidades.`,
  jaAplicada: (n: number, em: string, por: string) =>
    `A NFC-e ${n} já foi lançada em ${em}, por ${por}; nada mudou.`,
  canceladaAntes: (n: number) =>
    `A NFC-e ${n} já tinha sido cancelada: registrada como cancelada, sem baixa no estoque.`,
  cancelamentoOutraEmpresa: (cnpj: string) =>
    `O cancelamento é de uma nota de outra empresa (CNPJ ${formatCnpj(cnpj)}), não de uma unidade da loja.`,
  cancelamentoEntrada:
    "O cancelamento é de uma NF-e de fornecedor já recebida: ajuste o estoque à mão, se a mercadoria voltou.",
  jaCancelada: (n: number, em: string) => `O cancelamento da NFC-e ${n} já foi lançado em ${em}.`,
  codigoNaoPendente: "Nenhum item esperando com este código nesta unidade.",
  ...ESCOLHA_MOTIVOS,
  fracao: "A quantidade vendida com este fator não dá um número inteiro de unidades.",
} as const;

/** What an import did, file by file where something is worth saying. */
export interface CounterImportResult {
  /** Sales recorded now (their matched units out of the stock). */
  vendas: number;
  /** Sales whose cancellation returned the goods now. */
  devolvidas: number;
  /** Cancellations read before their sale: kept for when it arrives. */
  cancelamentosGuardados: number;
  /** Items of the sales recorded now that wait for their code to be mapped. */
  itensPendentes: number;
  /**
   * Files that changed nothing, each with its pt-BR reason; `repetido` when it was simply
   * read before (already applied, already cancelled, cancelled before its sale).
   */
  recusados: { arquivo: string; motivo: string; repetido?: boolean }[];
  /** Alerts raised now: online orders whose reserved units a sale took. */
  emRisco: RiskAlert[];
}

export interface RiskAlert {
  unidade: string;
  produto: string;
  emMaos: number;
  reservado: number;
  pedidos: string[];
}

interface Unit {
  id: string;
  nome: string;
  cnpj: string | null;
}

type NoteOutcome =
  | { kind: "aplicada"; pendentes: number; riscos: RiskAlert[] }
  | { kind: "canceladaAntes" }
  | { kind: "jaAplicada"; motivo: string };

/** The key's advisory lock: a sale and its cancellation never pass each other unseen. */
async function lockKey(tx: Tx, chave: string): Promise<void> {
  await runSql(tx, "select pg_advisory_xact_lock(hashtext('nfce:' || $1))", [chave]);
}

/**
 * Takes matched items out of the stock (already stored in vendas_balcao_itens, waiting) and
 * marks them applied with their cost and what the ledger took; raises the risk alerts.
 */
async function applyItems(
  tx: Tx,
  doc: { chave: string; numero: number; unidade: Unit },
  itens: { numeroItem: number; varianteId: string; quantidade: number }[],
  at: Date,
): Promise<RiskAlert[]> {
  if (itens.length === 0) return [];
  const lines = new Map<string, number>();
  for (const i of itens) lines.set(i.varianteId, (lines.get(i.varianteId) ?? 0) + i.quantidade);
  const figures = await sellAtCounter(
    tx,
    {
      unidadeId: doc.unidade.id,
      motivo: `Venda balcão NFC-e ${doc.numero}`,
      chaveAcesso: doc.chave,
    },
    [...lines].map(([varianteId, quantidade]) => ({ varianteId, quantidade })),
    at,
  );
  const costs = await unitCosts(
    tx,
    itens.map((i) => i.varianteId),
  );
  // What the ledger took of each variant, shared out over its items in order.
  const left = new Map([...figures].map(([id, f]) => [id, f.baixado]));
  const numeros: number[] = [];
  const variantes: string[] = [];
  const quantidades: number[] = [];
  const baixados: number[] = [];
  const custos: (string | null)[] = [];
  for (const i of itens) {
    const take = Math.min(i.quantidade, left.get(i.varianteId) ?? 0);
    left.set(i.varianteId, (left.get(i.varianteId) ?? 0) - take);
    const custo = costs.get(i.varianteId);
    numeros.push(i.numeroItem);
    variantes.push(i.varianteId);
    quantidades.push(i.quantidade);
    baixados.push(take);
    custos.push(custo == null ? null : (custo / 100).toFixed(2));
  }
  await runSql(
    tx,
    `update vendas_balcao_itens i set variante_id = u.variante_id, quantidade = u.quantidade,
       baixado = u.baixado, custo_unitario = u.custo::numeric, aplicado_em = $2
     from unnest($3::int[], $4::uuid[], $5::int[], $6::int[], $7::text[])
       as u(numero_item, variante_id, quantidade, baixado, custo)
     where i.chave_acesso = $1 and i.numero_item = u.numero_item`,
    [doc.chave, at, numeros, variantes, quantidades, baixados, custos],
  );
  const short = [...figures].filter(([, f]) => f.reservado > f.emMaos).map(([id]) => id);
  return raiseRiskAlerts(tx, doc, short);
}

/** One alert per variant left short, naming the online orders that reserved it. */
async function raiseRiskAlerts(
  tx: Tx,
  doc: { chave: string; numero: number; unidade: Unit },
  varianteIds: string[],
): Promise<RiskAlert[]> {
  if (varianteIds.length === 0) return [];
  const shorts = await shortReservations(tx, [doc.unidade.id], varianteIds);
  const orders = await ordersHoldingStock(tx, doc.unidade.id, varianteIds);
  const alerts: RiskAlert[] = [];
  for (const s of shorts) {
    const pedidos = orders.filter((o) => o.varianteId === s.varianteId).map((o) => o.numeroPedido);
    const alert = {
      unidade: s.unidade,
      produto: s.nome,
      emMaos: s.emMaos,
      reservado: s.reservado,
      pedidos,
    };
    alerts.push(alert);
    await emit(tx, {
      tipo: "estoque.reserva_em_risco",
      resourceType: "documento_fiscal",
      resourceId: doc.chave,
      aviso: {
        tipo: "reserva_em_risco",
        dados: {
          unidade_id: doc.unidade.id,
          unidade: s.unidade,
          produto: s.nome,
          em_maos: String(s.emMaos),
          reservado: String(s.reservado),
          pedidos: pedidos.join(", "),
          nfce: String(doc.numero),
        },
      },
    });
  }
  return alerts;
}

/** Records one authorised NFC-e of a unit as a counter sale, once. */
async function applySale(
  nota: NotaFiscal,
  unidade: Unit,
  actor: CounterActor,
): Promise<NoteOutcome> {
  return transaction(async (tx) => {
    const at = now();
    await lockKey(tx, nota.chave);
    if (
      !(await insertDocument(tx, nota, {
        tipo: "venda",
        unidadeId: unidade.id,
        at,
        por: actor.email,
      }))
    ) {
      const before = (await appliedKeys(tx, [nota.chave])).get(nota.chave)!;
      return {
        kind: "jaAplicada",
        motivo: BALCAO_MOTIVOS.jaAplicada(nota.numero, formatDateTime(before.em), before.por),
      };
    }
    const [cancelled] = await runSql<{ cancelada_em: Date }>(
      tx,
      "select cancelada_em from cancelamentos_nfce where chave_acesso = $1",
      [nota.chave],
    );
    if (cancelled) {
      await runSql(tx, "update documentos_fiscais set cancelada_em = $2 where chave_acesso = $1", [
        nota.chave,
        cancelled.cancelada_em,
      ]);
      await runSql(tx, "delete from cancelamentos_nfce where chave_acesso = $1", [nota.chave]);
      return { kind: "canceladaAntes" };
    }
    const itens = await matchNote(tx, nota);
    await runSql(
      tx,
      `insert into vendas_balcao_itens (chave_acesso, numero_item, unidade_id, codigo, gtin,
         descricao, quantidade_nota, valor, emitida_em)
       select $1, u.n, $2, u.codigo, u.gtin, u.descricao, u.q, u.valor::numeric, $3
       from unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         as u(n, codigo, gtin, descricao, q, valor)`,
      [
        nota.chave,
        unidade.id,
        nota.emitidaEm,
        itens.map((i) => i.numero),
        itens.map((i) => i.codigo),
        itens.map((i) => i.gtin ?? i.gtinTributavel),
        itens.map((i) => i.descricao),
        itens.map((i) => String(i.quantidade)),
        itens.map((i) => ((i.valorTotal - i.desconto) / 100).toFixed(2)),
      ],
    );
    const riscos = await applyItems(
      tx,
      { chave: nota.chave, numero: nota.numero, unidade },
      itens.flatMap((i) =>
        i.casado
          ? [{ numeroItem: i.numero, varianteId: i.alvo.varianteId, quantidade: i.unidades }]
          : [],
      ),
      at,
    );
    return { kind: "aplicada", pendentes: itens.filter((i) => !i.casado).length, riscos };
  });
}

type CancelOutcome =
  | { kind: "devolvida" }
  | { kind: "guardada" }
  | { kind: "recusada"; motivo: string; repetido: boolean };

/** A cancellation: its sale's units back once, or kept for a sale not read yet. */
async function applyCancellation(
  c: { chave: string; cnpj: string; em: Date },
  numero: number,
): Promise<CancelOutcome> {
  return transaction(async (tx) => {
    await lockKey(tx, c.chave);
    const [doc] = await runSql<{
      tipo: string;
      unidade_id: string;
      cancelada_em: Date | null;
    }>(
      tx,
      "select tipo, unidade_id, cancelada_em from documentos_fiscais where chave_acesso = $1 for update",
      [c.chave],
    );
    if (!doc) {
      await runSql(
        tx,
        `insert into cancelamentos_nfce (chave_acesso, emitente_cnpj, cancelada_em)
         values ($1, $2, $3) on conflict (chave_acesso) do nothing`,
        [c.chave, c.cnpj, c.em],
      );
      return { kind: "guardada" };
    }
    if (doc.tipo !== "venda") {
      return { kind: "recusada", motivo: BALCAO_MOTIVOS.cancelamentoEntrada, repetido: false };
    }
    if (doc.cancelada_em) {
      return {
        kind: "recusada",
        motivo: BALCAO_MOTIVOS.jaCancelada(numero, formatDateTime(new Date(doc.cancelada_em))),
        repetido: true,
      };
    }
    const at = now();
    await runSql(tx, "update documentos_fiscais set cancelada_em = $2 where chave_acesso = $1", [
      c.chave,
      at,
    ]);
    const taken = await runSql<{ variante_id: string; baixado: number }>(
      tx,
      `select variante_id, sum(baixado)::int as baixado from vendas_balcao_itens
       where chave_acesso = $1 and aplicado_em is not null and variante_id is not null
       group by variante_id`,
      [c.chave],
    );
    // Items still waiting for their code will never leave: the sale did not happen.
    await runSql(
      tx,
      "delete from vendas_balcao_itens where chave_acesso = $1 and aplicado_em is null",
      [c.chave],
    );
    await returnCounterSale(
      tx,
      { unidadeId: doc.unidade_id, motivo: `Cancelamento NFC-e ${numero}`, chaveAcesso: c.chave },
      taken.map((t) => ({ varianteId: t.variante_id, quantidade: Number(t.baixado) })),
      at,
    );
    return { kind: "devolvida" };
  });
}

/**
 * Applies the documents of an upload or of the import folder, each in its own transaction,
 * in the order given (a cancellation before its sale in the same batch is fine both ways).
 */
export async function importCounterSales(
  lidos: ArquivoLido[],
  actor: CounterActor,
): Promise<CounterImportResult> {
  const units: Unit[] = (await listUnits()).filter((u) => u.ativo);
  const byCnpj = new Map(units.filter((u) => u.cnpj).map((u) => [u.cnpj!.toUpperCase(), u]));
  const result: CounterImportResult = {
    vendas: 0,
    devolvidas: 0,
    cancelamentosGuardados: 0,
    itensPendentes: 0,
    recusados: [],
    emRisco: [],
  };
  const scope = { unidades: actor.unidades ?? null };
  for (const { arquivo, leitura } of lidos) {
    const refuse = (motivo: string, repetido = false) =>
      result.recusados.push(repetido ? { arquivo, motivo, repetido } : { arquivo, motivo });
    if (!leitura.ok) {
      refuse(leitura.motivo);
      continue;
    }
    const doc = leitura.documento;
    if (doc.tipo === "cancelamento") {
      const unit = byCnpj.get(doc.cnpj);
      if (!unit) refuse(BALCAO_MOTIVOS.cancelamentoOutraEmpresa(doc.cnpj));
      else if (!seesUnit(scope, unit.id))
        refuse(BALCAO_MOTIVOS.outraUnidade(numeroDaChave(doc.chave), unit.nome));
      else {
        const out = await applyCancellation(doc, numeroDaChave(doc.chave));
        if (out.kind === "devolvida") result.devolvidas++;
        else if (out.kind === "guardada") result.cancelamentosGuardados++;
        else refuse(out.motivo, out.repetido);
      }
      continue;
    }
    const naoAutorizada = motivoNaoAutorizada(doc);
    const unit = byCnpj.get(doc.emitente.cnpj);
    if (naoAutorizada) refuse(naoAutorizada);
    else if (doc.modelo !== "65") refuse(BALCAO_MOTIVOS.nfe(doc.numero));
    else if (!unit)
      refuse(BALCAO_MOTIVOS.outraEmpresa(doc.numero, doc.emitente.nome, doc.emitente.cnpj));
    else if (!seesUnit(scope, unit.id)) refuse(BALCAO_MOTIVOS.outraUnidade(doc.numero, unit.nome));
    else {
      const out = await applySale(doc, unit, actor);
      if (out.kind === "jaAplicada") refuse(out.motivo, true);
      else if (out.kind === "canceladaAntes")
        refuse(BALCAO_MOTIVOS.canceladaAntes(doc.numero), true);
      else {
        result.vendas++;
        result.itensPendentes += out.pendentes;
        result.emRisco.push(...out.riscos);
      }
    }
  }
  return result;
}

/** The note's number as its access key carries it (positions 26 to 34). */
function numeroDaChave(chave: string): number {
  return Number(chave.slice(25, 34));
}

/** Items of counter sales waiting for their code, grouped by unit and code. */
export interface PendingCode {
  unidadeId: string;
  unidade: string;
  codigo: string;
  gtin: string | null;
  descricao: string;
  /** Items (lines of notes) waiting, and the note's quantities summed. */
  itens: number;
  quantidade: string;
}

/** The codes of the units in scope whose counter items wait to be mapped. */
export async function pendingCounterCodes(
  unidades: readonly string[] | null,
  executor: Executor = db(),
): Promise<PendingCode[]> {
  const rows = await runSql<Omit<PendingCode, "unidadeId"> & { unidade_id: string }>(
    executor,
    `select i.unidade_id, u.nome as unidade, i.codigo, max(i.gtin) as gtin,
       max(i.descricao) as descricao, count(*)::int as itens,
       sum(i.quantidade_nota::numeric)::text as quantidade
     from vendas_balcao_itens i join unidades u on u.id = i.unidade_id
     where i.aplicado_em is null and ($1::uuid[] is null or i.unidade_id = any($1::uuid[]))
     group by i.unidade_id, u.nome, i.codigo order by u.nome, max(i.descricao) limit 300`,
    [unidades ? [...unidades] : null],
  );
  return rows.map(({ unidade_id, ...r }) => ({
    ...r,
    unidadeId: unidade_id,
    itens: Number(r.itens),
    quantidade: Number(r.quantidade).toLocaleString("pt-BR"),
  }));
}

/**
 * Maps a counter code of a unit to a variant (SKU, EAN or words of its name; one result
 * only) and applies every item waiting with it, in one transaction: the code is remembered
 * under the unit's CNPJ, so the next notes match alone. "Ignorar" closes the waiting items
 * without stock (a service, a bulk item sold by weight the shop does not stock by unit).
 */
export async function mapCounterCode(
  input: { unidadeId: string; codigo: string; texto: string; fator: string; ignorar: boolean },
  actor: CounterActor,
): Promise<{ itens: number; variante: string | null; riscos: RiskAlert[] }> {
  if (!seesUnit({ unidades: actor.unidades ?? null }, input.unidadeId)) {
    throw new AdminError("Unidade não encontrada");
  }
  const unit = (await listUnits()).find((u) => u.id === input.unidadeId);
  if (!unit?.cnpj) throw new AdminError(BALCAO_MOTIVOS.codigoNaoPendente);
  const texto = input.texto.trim();
  let variante: { varianteId: string; nome: string } | null = null;
  let fator = 1;
  if (!input.ignorar || texto) {
    if (!texto) throw new AdminError(BALCAO_MOTIVOS.escolha);
    const fatorText = input.fator.trim() || "1";
    fator = /^\d{1,5}$/.test(fatorText) ? Number(fatorText) : Number.NaN;
    if (!(fator >= 1 && fator <= 10_000)) throw new AdminError(BALCAO_MOTIVOS.fator);
    const found = await findVariantsByText(db(), texto);
    if (found.length !== 1) {
      throw new AdminError(
        found.length === 0
          ? BALCAO_MOTIVOS.nenhuma(texto)
          : BALCAO_MOTIVOS.varias(found.map((f) => f.nome)),
      );
    }
    variante = found[0]!;
  }
  return transaction(async (tx) => {
    const at = now();
    const waiting = await runSql<{
      chave_acesso: string;
      numero_item: number;
      quantidade_nota: string;
      descricao: string;
      numero: number;
    }>(
      tx,
      `select i.chave_acesso, i.numero_item, i.quantidade_nota, i.descricao, d.numero
       from vendas_balcao_itens i join documentos_fiscais d using (chave_acesso)
       where i.unidade_id = $1 and i.codigo = $2 and i.aplicado_em is null
       order by i.emitida_em, i.chave_acesso, i.numero_item for update of i`,
      [unit.id, input.codigo],
    );
    if (waiting.length === 0) throw new AdminError(BALCAO_MOTIVOS.codigoNaoPendente);
    if (!variante) {
      await runSql(
        tx,
        `update vendas_balcao_itens set aplicado_em = $3
         where unidade_id = $1 and codigo = $2 and aplicado_em is null`,
        [unit.id, input.codigo, at],
      );
      return { itens: waiting.length, variante: null, riscos: [] };
    }
    const units = waiting.map((w) => Number(w.quantidade_nota) * fator);
    if (units.some((u) => !Number.isInteger(Math.round(u * 10_000) / 10_000))) {
      throw new AdminError(BALCAO_MOTIVOS.fracao);
    }
    await rememberCode(tx, {
      cnpj: unit.cnpj!.toUpperCase(),
      codigo: input.codigo,
      varianteId: variante.varianteId,
      fator,
      descricao: waiting[0]!.descricao,
      por: actor.email,
      at,
    });
    // One ledger movement per note, as if the code had been known when it was read.
    const byNote = new Map<
      string,
      { numero: number; itens: { numeroItem: number; varianteId: string; quantidade: number }[] }
    >();
    waiting.forEach((w, index) => {
      const note = byNote.get(w.chave_acesso) ?? { numero: w.numero, itens: [] };
      note.itens.push({
        numeroItem: w.numero_item,
        varianteId: variante!.varianteId,
        quantidade: Math.round(units[index]!),
      });
      byNote.set(w.chave_acesso, note);
    });
    const riscos: RiskAlert[] = [];
    for (const [chave, note] of byNote) {
      await lockKey(tx, chave);
      riscos.push(
        ...(await applyItems(tx, { chave, numero: note.numero, unidade: unit }, note.itens, at)),
      );
    }
    return { itens: waiting.length, variante: variante.nome, riscos };
  });
}

/** A variant short at a unit with the online orders that reserved it. */
export interface ReservationAtRisk extends ShortReservation {
  pedidos: string[];
}

/** What the counter sales left at risk now, in the units of the scope. */
export async function reservationsAtRisk(
  unidades: readonly string[] | null,
  executor: Executor = db(),
): Promise<ReservationAtRisk[]> {
  const shorts = await shortReservations(executor, unidades);
  const out: ReservationAtRisk[] = [];
  for (const unidadeId of new Set(shorts.map((s) => s.unidadeId))) {
    const here = shorts.filter((s) => s.unidadeId === unidadeId);
    const orders = await ordersHoldingStock(
      executor,
      unidadeId,
      here.map((s) => s.varianteId),
    );
    for (const s of here) {
      out.push({
        ...s,
        pedidos: orders.filter((o) => o.varianteId === s.varianteId).map((o) => o.numeroPedido),
      });
    }
  }
  return out;
}

/** Counter sales per unit over [start, end): value (from the notes), cost known, notes. */
export interface CounterFigures {
  unidadeId: string;
  vendas: number;
  valor: number;
  /** Cost of the items whose cost was known, and the value of those items. */
  custo: number;
  valorComCusto: number;
}

export async function counterSalesByUnit(
  start: Date,
  end: Date,
  unidades: readonly string[] | null,
  executor: Executor = db(),
): Promise<CounterFigures[]> {
  const rows = await runSql<{
    unidade_id: string;
    vendas: number;
    valor: string | null;
    custo: string | null;
    valor_com_custo: string | null;
  }>(
    executor,
    `select i.unidade_id, count(distinct i.chave_acesso)::int as vendas, sum(i.valor)::text as valor,
       sum(i.custo_unitario * i.quantidade)::text as custo,
       sum(i.valor) filter (where i.custo_unitario is not null)::text as valor_com_custo
     from vendas_balcao_itens i join documentos_fiscais d using (chave_acesso)
     where d.cancelada_em is null and i.emitida_em >= $1 and i.emitida_em < $2
       and ($3::uuid[] is null or i.unidade_id = any($3::uuid[]))
     group by i.unidade_id`,
    [start, end, unidades ? [...unidades] : null],
  );
  const cents = (v: string | null) => (v == null ? 0 : Math.round(Number(v) * 100));
  return rows.map((r) => ({
    unidadeId: r.unidade_id,
    vendas: Number(r.vendas),
    valor: cents(r.valor),
    custo: cents(r.custo),
    valorComCusto: cents(r.valor_com_custo),
  }));
}
