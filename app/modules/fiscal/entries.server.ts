// "Entrada de mercadoria" (issue 44 point 2, decision 0084): a supplier's NF-e files read in
// the worker thread, each note checked (authorised, addressed to one of the person's units,
// not applied before) and its items matched to variants (GTIN, then the supplier's code
// remembered with its pack factor); the notes kept privately for the confirmation, which
// applies one note in one transaction: its access key inserted once (a second confirmation,
// even racing, hears when and by whom), the codes the staff mapped remembered, the units
// added at the unit through inventory's ledger and each variant's cost updated by catalog.
import crypto from "node:crypto";
import { formatDateTime } from "~/domain/dates";
import {
  type CodigoLembrado,
  casarItens,
  type ItemCasado,
  type VarianteAlvo,
} from "~/domain/entrada-nota";
import { motivoNaoAutorizada, type NotaFiscal } from "~/domain/nota-fiscal";
import { seesUnit } from "~/domain/unit-scope";
import { staffLabels } from "~/modules/accounts/index.server";
import {
  type EntryVariant,
  findVariantsByText,
  recordEntryCosts,
  variantsByGtin,
  variantsById,
} from "~/modules/catalog/index.server";
import { receiveStock } from "~/modules/inventory/index.server";
import { listUnits } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import type { ArquivoEnviado } from "./files.server";
import { readFiscalFiles } from "./reader.server";
import type { TipoDocumento } from "./tables.server";

/** Who receives goods: the admin of the audit log, and the e-mail the ledger keeps. */
export interface EntryActor extends AdminActor {
  email: string;
}

/** One item of a note as the preview shows it. */
type EntryItem = ItemCasado & {
  /** The remembered or GTIN match's name, or null when the staff must map it. */
  variante: string | null;
};

export interface EntryNote {
  chave: string;
  numero: number;
  serie: number;
  emitente: { cnpj: string; nome: string };
  /** dd/MM/yyyy HH:mm. */
  emitidaEm: string;
  valorTotal: number;
  unidade: { id: string; nome: string };
  itens: EntryItem[];
  semCasar: number;
  /** Our units that arrive, of the matched items. */
  unidades: number;
}

export interface EntryPreview {
  token: string;
  notas: EntryNote[];
  /** Files and notes that will not be applied, each with its reason. */
  recusados: { arquivo: string; motivo: string }[];
}

/** What the staff typed for one unmatched item (SKU, EAN or name), its factor, or skip. */
export interface ItemChoice {
  texto: string;
  fator: string;
  ignorar: boolean;
}

/** A confirmation refused item by item: the preview is shown again with these next to them. */
export class EntryRefusal extends AdminError {
  constructor(
    message: string,
    readonly itens: Record<number, string>,
  ) {
    super(message);
  }
}

/** Refusals of a variant typed for a note's item: the same on supplier notes and counter sales. */
export const ESCOLHA_MOTIVOS = {
  escolha: "Informe a variação (SKU, EAN ou nome) ou marque Ignorar.",
  nenhuma: (t: string) => `Nenhuma variação encontrada para “${t}”.`,
  varias: (nomes: string[]) =>
    `Mais de uma variação encontrada: ${nomes.join("; ")}. Digite o SKU ou o EAN.`,
  fator: "O fator da embalagem é um número inteiro de 1 a 10.000.",
} as const;

export const ENTRADA_MOTIVOS = {
  nenhumArquivo: "Escolha um ou mais arquivos XML de NF-e, ou um ZIP com eles.",
  expirou: "O envio expirou ou não é seu. Envie os arquivos de novo.",
  notaForaDoEnvio: "Esta nota não está no envio. Envie os arquivos de novo.",
  nfce: (n: number) =>
    `A nota ${n} é uma NFC-e (venda do balcão), não uma nota de fornecedor: use Vendas do balcão.`,
  cancelamento:
    "O arquivo é um cancelamento de nota; a entrada de mercadoria lê as NF-e autorizadas.",
  semDestinatario: (n: number) =>
    `A NF-e ${n} não tem destinatário com CNPJ: não é uma compra da loja.`,
  outroDestinatario: (n: number, nome: string | null, cnpj: string) =>
    `A NF-e ${n} é destinada a ${nome ?? "outra empresa"} (CNPJ ${formatCnpj(cnpj)}), não a uma das unidades da loja.`,
  outraUnidade: (n: number, unidade: string) =>
    `A NF-e ${n} é da ${unidade}, que não é uma das suas unidades.`,
  repetida: (n: number) => `A NF-e ${n} aparece mais de uma vez neste envio; lida uma vez.`,
  jaAplicada: (n: number, em: string, por: string) =>
    `A NF-e ${n} já entrou no estoque em ${em}, por ${por}.`,
  itens: "Confira os itens destacados.",
  ...ESCOLHA_MOTIVOS,
  nadaAEntrar: "Nenhum item desta nota entra no estoque (todos ignorados).",
} as const;

export function formatCnpj(cnpj: string): string {
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : cnpj;
}

/** What is kept between the preview and the confirmation: the notes as read, and whose. */
interface Staged {
  userId: string;
  notas: (NotaFiscal & { unidadeId: string })[];
}

const TOKEN = /^[0-9a-f]{32}$/;
const stagedKey = (token: string) => `entradas-nf/${token}.json`;

async function readStaged(token: string, actor: AdminActor): Promise<Staged> {
  if (!TOKEN.test(token)) throw new AdminError(ENTRADA_MOTIVOS.expirou);
  const bytes = await storage().read("private", stagedKey(token));
  if (!bytes) throw new AdminError(ENTRADA_MOTIVOS.expirou);
  const staged = JSON.parse(bytes.toString("utf8")) as Staged;
  if (staged.userId !== actor.userId) throw new AdminError(ENTRADA_MOTIVOS.expirou);
  for (const nota of staged.notas) nota.emitidaEm = new Date(nota.emitidaEm);
  return staged;
}

/** When and by whom each of these keys was applied. */
export async function appliedKeys(
  executor: Executor,
  chaves: string[],
): Promise<Map<string, { em: Date; por: string }>> {
  if (chaves.length === 0) return new Map();
  const rows = await runSql<{
    chave_acesso: string;
    aplicada_em: Date | string;
    aplicada_por: string | null;
  }>(
    executor,
    `select chave_acesso, aplicada_em, aplicada_por from documentos_fiscais
     where chave_acesso = any($1::text[])`,
    [chaves],
  );
  const names = await staffLabels(
    rows.map((r) => r.aplicada_por),
    { by: "email", executor },
  );
  return new Map(
    rows.map((r) => [
      r.chave_acesso,
      {
        em: new Date(r.aplicada_em),
        por: (r.aplicada_por && names.get(r.aplicada_por)) || r.aplicada_por || "uma rotina",
      },
    ]),
  );
}

const alreadyApplied = (nota: NotaFiscal, applied: { em: Date; por: string }) =>
  ENTRADA_MOTIVOS.jaAplicada(nota.numero, formatDateTime(applied.em), applied.por);

/** The supplier's codes remembered, for these codes. */
async function rememberedCodes(
  executor: Executor,
  cnpj: string,
  codigos: string[],
): Promise<Map<string, CodigoLembrado>> {
  const rows = await runSql<{ codigo: string; variante_id: string; fator: number }>(
    executor,
    `select codigo, variante_id, fator from codigos_fornecedor
     where emitente_cnpj = $1 and codigo = any($2::text[])`,
    [cnpj, [...new Set(codigos)]],
  );
  const names = await variantsById(
    executor,
    rows.map((r) => r.variante_id),
  );
  const out = new Map<string, CodigoLembrado>();
  for (const r of rows) {
    const v = names.get(r.variante_id);
    if (v) out.set(r.codigo, { varianteId: v.varianteId, nome: v.nome, fator: r.fator });
  }
  return out;
}

/** Each item of a note matched with what the catalogue and the remembered codes say now. */
export async function matchNote(executor: Executor, nota: NotaFiscal): Promise<ItemCasado[]> {
  const gtins = nota.itens
    .flatMap((i) => [i.gtin, i.gtinTributavel])
    .filter((g): g is string => !!g);
  const porGtin: Map<string, VarianteAlvo> = await variantsByGtin(executor, gtins);
  const porCodigo = await rememberedCodes(
    executor,
    nota.emitente.cnpj,
    nota.itens.map((i) => i.codigo),
  );
  return casarItens(nota.itens, porGtin, porCodigo);
}

function noteView(
  nota: NotaFiscal,
  unidade: { id: string; nome: string },
  itens: ItemCasado[],
): EntryNote {
  return {
    chave: nota.chave,
    numero: nota.numero,
    serie: nota.serie,
    emitente: { cnpj: nota.emitente.cnpj, nome: supplierName(nota) },
    emitidaEm: formatDateTime(nota.emitidaEm),
    valorTotal: nota.valorTotal,
    unidade,
    itens: itens.map((i) => ({ ...i, variante: i.casado ? i.alvo.nome : null })),
    semCasar: itens.filter((i) => !i.casado).length,
    unidades: itens.reduce((n, i) => n + (i.casado ? i.unidades : 0), 0),
  };
}

/** The supplier as the staff know it: its trade name when the note carries one. */
function supplierName(nota: NotaFiscal): string {
  return nota.emitente.fantasia || nota.emitente.nome;
}

/**
 * Reads an upload (XML files, zips of them) in the worker thread and checks each note; the
 * notes that may be applied are kept privately for the confirmation. Nothing is written to
 * the stock.
 */
export async function previewEntry(
  files: ArquivoEnviado[],
  actor: EntryActor,
): Promise<EntryPreview> {
  if (files.length === 0) throw new AdminError(ENTRADA_MOTIVOS.nenhumArquivo);
  const lidos = await readFiscalFiles(files);
  const units = (await listUnits()).filter((u) => u.ativo);
  const byCnpj = new Map(units.filter((u) => u.cnpj).map((u) => [u.cnpj!.toUpperCase(), u]));
  const recusados: EntryPreview["recusados"] = [];
  const aceitas: { arquivo: string; nota: NotaFiscal; unidade: { id: string; nome: string } }[] =
    [];
  const seen = new Set<string>();
  for (const { arquivo, leitura } of lidos) {
    if (!leitura.ok) {
      recusados.push({ arquivo, motivo: leitura.motivo });
      continue;
    }
    const doc = leitura.documento;
    if (doc.tipo === "cancelamento") {
      recusados.push({ arquivo, motivo: ENTRADA_MOTIVOS.cancelamento });
      continue;
    }
    const refuse = (motivo: string) => recusados.push({ arquivo, motivo });
    const naoAutorizada = motivoNaoAutorizada(doc);
    if (naoAutorizada) refuse(naoAutorizada);
    else if (doc.modelo === "65") refuse(ENTRADA_MOTIVOS.nfce(doc.numero));
    else if (!doc.destinatario?.cnpj) refuse(ENTRADA_MOTIVOS.semDestinatario(doc.numero));
    else {
      const unit = byCnpj.get(doc.destinatario.cnpj);
      if (!unit) {
        refuse(
          ENTRADA_MOTIVOS.outroDestinatario(
            doc.numero,
            doc.destinatario.nome,
            doc.destinatario.cnpj,
          ),
        );
      } else if (!seesUnit(actor, unit.id))
        refuse(ENTRADA_MOTIVOS.outraUnidade(doc.numero, unit.nome));
      else if (seen.has(doc.chave)) refuse(ENTRADA_MOTIVOS.repetida(doc.numero));
      else {
        seen.add(doc.chave);
        aceitas.push({ arquivo, nota: doc, unidade: { id: unit.id, nome: unit.nome } });
      }
    }
  }
  const applied = await appliedKeys(
    db(),
    aceitas.map((a) => a.nota.chave),
  );
  const notas: EntryNote[] = [];
  const staged: Staged = { userId: actor.userId, notas: [] };
  for (const { arquivo, nota, unidade } of aceitas) {
    const before = applied.get(nota.chave);
    if (before) {
      recusados.push({ arquivo, motivo: alreadyApplied(nota, before) });
      continue;
    }
    notas.push(noteView(nota, unidade, await matchNote(db(), nota)));
    staged.notas.push({ ...nota, unidadeId: unidade.id });
  }
  const token = crypto.randomBytes(16).toString("hex");
  if (staged.notas.length > 0) {
    await storage().put("private", stagedKey(token), Buffer.from(JSON.stringify(staged)));
  }
  return { token, notas, recusados };
}

/**
 * The preview of an upload kept by `previewEntry`, as it stands now (a note applied since
 * then is listed as applied): shown again next to a refused confirmation.
 */
export async function stagedPreview(token: string, actor: EntryActor): Promise<EntryPreview> {
  const staged = await readStaged(token, actor);
  const units = new Map((await listUnits()).map((u) => [u.id, u.nome]));
  const applied = await appliedKeys(
    db(),
    staged.notas.map((n) => n.chave),
  );
  const preview: EntryPreview = { token, notas: [], recusados: [] };
  for (const nota of staged.notas) {
    const before = applied.get(nota.chave);
    if (before) {
      preview.recusados.push({
        arquivo: `NF-e ${nota.numero}`,
        motivo: alreadyApplied(nota, before),
      });
    } else {
      preview.notas.push(
        noteView(
          nota,
          { id: nota.unidadeId, nome: units.get(nota.unidadeId) ?? "" },
          await matchNote(db(), nota),
        ),
      );
    }
  }
  return preview;
}

/** The staff's choices for the unmatched items, resolved to variants or refused item by item. */
async function resolveChoices(
  itens: ItemCasado[],
  choices: ReadonlyMap<number, ItemChoice>,
): Promise<{
  mapped: Map<number, { variante: EntryVariant; fator: number }>;
  ignored: Set<number>;
}> {
  const mapped = new Map<number, { variante: EntryVariant; fator: number }>();
  const ignored = new Set<number>();
  const errors: Record<number, string> = {};
  for (const item of itens) {
    if (item.casado) continue;
    const choice = choices.get(item.numero);
    const texto = choice?.texto.trim() ?? "";
    if (!texto) {
      if (choice?.ignorar) ignored.add(item.numero);
      else errors[item.numero] = ENTRADA_MOTIVOS.escolha;
      continue;
    }
    const fatorText = choice?.fator.trim() || "1";
    const fator = /^\d{1,5}$/.test(fatorText) ? Number(fatorText) : Number.NaN;
    if (!(fator >= 1 && fator <= 10_000)) {
      errors[item.numero] = ENTRADA_MOTIVOS.fator;
      continue;
    }
    const found = await findVariantsByText(db(), texto);
    if (found.length === 1) mapped.set(item.numero, { variante: found[0]!, fator });
    else {
      errors[item.numero] =
        found.length === 0
          ? ENTRADA_MOTIVOS.nenhuma(texto)
          : ENTRADA_MOTIVOS.varias(found.map((f) => f.nome));
    }
  }
  if (Object.keys(errors).length > 0) throw new EntryRefusal(ENTRADA_MOTIVOS.itens, errors);
  return { mapped, ignored };
}

export interface EntryResult {
  numero: number;
  fornecedor: string;
  unidade: string;
  /** Our units that entered, and of how many variants. */
  unidades: number;
  variantes: number;
  ignorados: number;
}

/**
 * Applies one note of a kept upload, in one transaction: the access key first (inserted
 * once; a confirmation racing another waits for it and hears it was applied), then the
 * codes the staff mapped, the units through inventory's ledger (entrada_nf with the key) and
 * the variants' costs (last and weighted average). Any refusal leaves everything as it was.
 */
export async function confirmEntry(
  input: { token: string; chave: string; escolhas: ReadonlyMap<number, ItemChoice> },
  actor: EntryActor,
): Promise<EntryResult> {
  const staged = await readStaged(input.token, actor);
  const nota = staged.notas.find((n) => n.chave === input.chave);
  if (!nota) throw new AdminError(ENTRADA_MOTIVOS.notaForaDoEnvio);
  if (!seesUnit(actor, nota.unidadeId)) throw new AdminError("Unidade não encontrada");
  const { mapped, ignored } = await resolveChoices(await matchNote(db(), nota), input.escolhas);
  const fornecedor = supplierName(nota);
  const result = await transaction(async (tx) => {
    const at = now();
    const inserted = await insertDocument(tx, nota, {
      tipo: "entrada",
      unidadeId: nota.unidadeId,
      at,
      por: actor.email,
    });
    if (!inserted) {
      const before = (await appliedKeys(tx, [nota.chave])).get(nota.chave)!;
      throw new AdminError(alreadyApplied(nota, before));
    }
    // The codes the staff mapped, remembered for the next note of this supplier.
    const byNumero = new Map(nota.itens.map((i) => [i.numero, i]));
    for (const [numero, { variante, fator }] of [...mapped].sort((a, b) => a[0] - b[0])) {
      const item = byNumero.get(numero)!;
      await rememberCode(tx, {
        cnpj: nota.emitente.cnpj,
        codigo: item.codigo,
        varianteId: variante.varianteId,
        fator,
        descricao: item.descricao,
        por: actor.email,
        at,
      });
    }
    const itens = await matchNote(tx, nota);
    const errors: Record<number, string> = {};
    const totals = new Map<string, { unidades: number; valor: number }>();
    for (const item of itens) {
      if (ignored.has(item.numero)) continue;
      if (!item.casado) {
        errors[item.numero] = item.motivo;
        continue;
      }
      const t = totals.get(item.alvo.varianteId) ?? { unidades: 0, valor: 0 };
      t.unidades += item.unidades;
      t.valor += item.valorTotal - item.desconto;
      totals.set(item.alvo.varianteId, t);
    }
    if (Object.keys(errors).length > 0) throw new EntryRefusal(ENTRADA_MOTIVOS.itens, errors);
    if (totals.size === 0) throw new AdminError(ENTRADA_MOTIVOS.nadaAEntrar);
    const figures = await receiveStock(
      tx,
      {
        unidadeId: nota.unidadeId,
        tipo: "entrada_nf",
        motivo: `Entrada NF ${nota.numero} — ${fornecedor}`,
        chaveAcesso: nota.chave,
        usuarioEmail: actor.email,
      },
      [...totals].map(([varianteId, t]) => ({ varianteId, quantidade: t.unidades })),
      at,
    );
    await recordEntryCosts(
      tx,
      [...totals].map(([varianteId, t]) => ({
        varianteId,
        unidades: t.unidades,
        custo: Math.round(t.valor / t.unidades),
        emMaosAntes: figures.get(varianteId)?.emMaosTodasAntes ?? 0,
      })),
    );
    const unidades = [...totals.values()].reduce((n, t) => n + t.unidades, 0);
    await audit(tx, actor, "nfe_entry", "documento_fiscal", nota.chave, {
      numero: nota.numero,
      fornecedor,
      cnpj: nota.emitente.cnpj,
      unidades,
      variantes: totals.size,
      ignorados: ignored.size,
      codigos_novos: mapped.size,
    });
    return { unidades, variantes: totals.size };
  });
  await forgetWhenDone(input.token, staged);
  const units = new Map((await listUnits()).map((u) => [u.id, u.nome]));
  return {
    numero: nota.numero,
    fornecedor,
    unidade: units.get(nota.unidadeId) ?? "",
    ...result,
    ignorados: ignored.size,
  };
}

/**
 * Records a note as applied, once: false when its key was already there (a second upload,
 * a racing confirmation or job, which waits for the first and then hears it was applied).
 */
export async function insertDocument(
  tx: Tx,
  nota: NotaFiscal,
  doc: { tipo: TipoDocumento; unidadeId: string; at: Date; por: string | null },
): Promise<boolean> {
  const rows = await runSql<{ chave_acesso: string }>(
    tx,
    `insert into documentos_fiscais (chave_acesso, modelo, tipo, unidade_id, emitente_cnpj,
       emitente_nome, numero, serie, emitida_em, valor_total, aplicada_em, aplicada_por)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (chave_acesso) do nothing returning chave_acesso`,
    [
      nota.chave,
      nota.modelo,
      doc.tipo,
      doc.unidadeId,
      nota.emitente.cnpj,
      nota.emitente.nome,
      nota.numero,
      nota.serie,
      nota.emitidaEm,
      (nota.valorTotal / 100).toFixed(2),
      doc.at,
      doc.por,
    ],
  );
  return rows.length > 0;
}

/** An issuer's code remembered as one of our variants (a later note of it matches alone). */
export async function rememberCode(
  tx: Tx,
  code: {
    cnpj: string;
    codigo: string;
    varianteId: string;
    fator: number;
    descricao: string;
    por: string | null;
    at: Date;
  },
): Promise<void> {
  await runSql(
    tx,
    `insert into codigos_fornecedor (emitente_cnpj, codigo, variante_id, fator, descricao,
       atualizado_por, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (emitente_cnpj, codigo) do update set variante_id = excluded.variante_id,
       fator = excluded.fator, descricao = excluded.descricao,
       atualizado_por = excluded.atualizado_por, updated_at = excluded.updated_at`,
    [code.cnpj, code.codigo, code.varianteId, code.fator, code.descricao, code.por, code.at],
  );
}

/** The kept upload goes once every note of it was applied. */
async function forgetWhenDone(token: string, staged: Staged): Promise<void> {
  const applied = await appliedKeys(
    db(),
    staged.notas.map((n) => n.chave),
  );
  if (applied.size === staged.notas.length) await storage().delete("private", stagedKey(token));
}
