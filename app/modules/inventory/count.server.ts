// Stock counts with a phone as scanner (issue 44 point 4, decision 0085). A count is opened at
// a unit for everything, a category or a brand; people read codes into it (a camera, a USB
// scanner that types, or typing), each reading adding units to its variant's line in one
// conditional upsert, so concurrent readers never lose an increment. A line keeps the ledger's
// units in hand at the variant's first reading: its difference is counted − that figure, and
// applying adds the difference to what is in hand then, so a sale or a transfer between the
// reading and the apply is neither lost nor counted twice. Applying is one transaction: one
// 'contagem' movement per variant that differs, never below what placed orders reserve, once
// (the count's row lock and its state).

import { formatDateTime } from "~/domain/dates";
import { seesUnit, type UnitScope, unitsToShow } from "~/domain/unit-scope";
import { staffLabels } from "~/modules/accounts/index.server";
import { lineName } from "~/modules/catalog";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, runSql, type Tx, transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import type { ApplyCountInput, CountIdInput, OpenCountInput, ScanInput } from "./count.schema";
import type { EscopoContagem, EstadoContagem } from "./tables.server";

/** Who counts: the admin of the audit log, and the e-mail the readings and the ledger keep. */
export interface CountActor extends AdminActor {
  email: string;
}

const COUNT_NOT_FOUND = "Contagem não encontrada";

/** The count's header, as every count screen shows it. */
export interface CountHeader {
  id: string;
  /** Short number for people: the id's first 8 characters, upper case. */
  numero: string;
  unidadeId: string;
  unidadeNome: string;
  escopo: EscopoContagem;
  /** "Tudo", "Categoria Rações", "Marca Premier". */
  escopoLabel: string;
  cega: boolean;
  estado: EstadoContagem;
  abertaPor: string | null;
  abertaEm: string;
  aplicadaPor: string | null;
  aplicadaEm: string | null;
  canceladaPor: string | null;
  canceladaEm: string | null;
  /** Variants read so far, and units counted. */
  itens: number;
  unidadesContadas: number;
}

interface HeaderRow {
  id: string;
  unidade_id: string;
  unidade_nome: string;
  escopo: EscopoContagem;
  categoria_id: string | null;
  categoria_nome: string | null;
  marca: string | null;
  cega: boolean;
  estado: EstadoContagem;
  aberta_por: string | null;
  aberta_em: Date | string;
  aplicada_por: string | null;
  aplicada_em: Date | string | null;
  cancelada_por: string | null;
  cancelada_em: Date | string | null;
  itens: number;
  unidades_contadas: number;
}

const HEADER = `select c.id, c.unidade_id, u.nome as unidade_nome, c.escopo, c.categoria_id,
    cat.nome as categoria_nome, c.marca, c.cega, c.estado, c.aberta_por, c.aberta_em,
    c.aplicada_por, c.aplicada_em, c.cancelada_por, c.cancelada_em,
    (select count(*)::int from contagem_itens i where i.contagem_id = c.id and i.quantidade > 0) as itens,
    (select coalesce(sum(i.quantidade), 0)::int from contagem_itens i where i.contagem_id = c.id) as unidades_contadas
  from contagens c
  join unidades u on u.id = c.unidade_id
  left join categorias cat on cat.id = c.categoria_id`;

const countNumber = (id: string) => id.slice(0, 8).toUpperCase();

function scopeLabel(r: Pick<HeaderRow, "escopo" | "categoria_nome" | "marca">): string {
  if (r.escopo === "categoria") return `Categoria ${r.categoria_nome ?? ""}`.trim();
  if (r.escopo === "marca") return `Marca ${r.marca ?? ""}`.trim();
  return "Todo o estoque";
}

async function toHeaders(executor: Executor, rows: HeaderRow[]): Promise<CountHeader[]> {
  const people = await staffLabels(
    rows.flatMap((r) => [r.aberta_por, r.aplicada_por, r.cancelada_por]),
    { by: "email", executor },
  );
  const who = (email: string | null) => (email && people.get(email)) || email;
  const when = (d: Date | string | null) => (d ? formatDateTime(d) : null);
  return rows.map((r) => ({
    id: r.id,
    numero: countNumber(r.id),
    unidadeId: r.unidade_id,
    unidadeNome: r.unidade_nome,
    escopo: r.escopo,
    escopoLabel: scopeLabel(r),
    cega: r.cega,
    estado: r.estado,
    abertaPor: who(r.aberta_por),
    abertaEm: formatDateTime(r.aberta_em),
    aplicadaPor: who(r.aplicada_por),
    aplicadaEm: when(r.aplicada_em),
    canceladaPor: who(r.cancelada_por),
    canceladaEm: when(r.cancelada_em),
    itens: r.itens,
    unidadesContadas: r.unidades_contadas,
  }));
}

/** The count, when its unit is one of the person's (decision 0069); else null, as if absent. */
export async function countHeader(
  id: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<CountHeader | null> {
  const rows = await runSql<HeaderRow>(executor, `${HEADER} where c.id = $1`, [id]);
  const row = rows[0];
  if (!row || !seesUnit(scope, row.unidade_id)) return null;
  return (await toHeaders(executor, [row]))[0]!;
}

export interface CountListing {
  abertas: CountHeader[];
  recentes: CountHeader[];
  /** The person's active units: where a count may be opened. */
  unidades: { id: string; nome: string }[];
  categorias: { id: string; nome: string }[];
  marcas: string[];
}

/** The counts of the person's units: the open ones, and the last 30 applied or cancelled. */
export async function listCounts(
  scope: UnitScope,
  executor: Executor = db(),
): Promise<CountListing> {
  const units = unitsToShow(scope);
  const rows = await runSql<HeaderRow>(
    executor,
    `${HEADER} where ($1::uuid[] is null or c.unidade_id = any($1::uuid[]))
       and (c.estado = 'aberta' or c.aberta_em >= $2)
     order by (c.estado = 'aberta') desc, c.aberta_em desc limit 60`,
    [units, new Date(now().getTime() - 90 * 86_400_000)],
  );
  const headers = await toHeaders(executor, rows);
  const unidades = await runSql<{ id: string; nome: string }>(
    executor,
    `select id, nome from unidades where ativo and ($1::uuid[] is null or id = any($1::uuid[]))
     order by posicao, nome`,
    [units],
  );
  const categorias = await runSql<{ id: string; nome: string }>(
    executor,
    "select id, nome from categorias order by lower(nome)",
    [],
  );
  const marcas = await runSql<{ marca: string }>(
    executor,
    `select distinct marca from produtos where marca is not null and marca <> ''
       and excluido_em is null order by marca limit 500`,
    [],
  );
  return {
    abertas: headers.filter((h) => h.estado === "aberta"),
    recentes: headers.filter((h) => h.estado !== "aberta").slice(0, 30),
    unidades,
    categorias,
    marcas: marcas.map((m) => m.marca),
  };
}

/** Opens a count at one of the person's units. */
export async function openCount(input: OpenCountInput, actor: CountActor) {
  return transaction(async (tx) => {
    if (!seesUnit(actor, input.unidadeId)) throw new AdminError("Unidade não encontrada");
    const [unit] = await runSql<{ nome: string }>(
      tx,
      "select nome from unidades where id = $1 and ativo",
      [input.unidadeId],
    );
    if (!unit) throw new AdminError("Unidade não encontrada");
    if (input.escopo === "categoria") {
      const [cat] = await runSql(tx, "select 1 from categorias where id = $1", [input.categoriaId]);
      if (!cat) throw new AdminError("Categoria não encontrada", "categoriaId");
    }
    const [made] = await runSql<{ id: string }>(
      tx,
      `insert into contagens (unidade_id, escopo, categoria_id, marca, cega, aberta_por, aberta_em)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [
        input.unidadeId,
        input.escopo,
        input.escopo === "categoria" ? input.categoriaId : null,
        input.escopo === "marca" ? input.marca : null,
        input.cega,
        actor.email,
        now(),
      ],
    );
    await audit(tx, actor, "stock_count_open", "contagem", made!.id, {
      unidade: unit.nome,
      escopo: input.escopo,
      ...(input.marca && input.escopo === "marca" ? { marca: input.marca } : {}),
      cega: input.cega,
    });
    return { id: made!.id, unidade: unit.nome };
  });
}

interface LockedCount {
  id: string;
  unidade_id: string;
  escopo: EscopoContagem;
  categoria_id: string | null;
  categoria_nome: string | null;
  marca: string | null;
  estado: EstadoContagem;
  aplicada_por: string | null;
  aplicada_em: Date | string | null;
  cancelada_por: string | null;
  cancelada_em: Date | string | null;
}

/**
 * The count, locked (`share` for readings, which may run side by side; `update` for apply and
 * cancel, which wait for readings in flight and make them wait); unknown outside the person's
 * units; refused once applied or cancelled, saying when and by whom.
 */
async function lockOpenCount(tx: Tx, id: string, actor: CountActor, mode: "share" | "update") {
  const [c] = await runSql<LockedCount>(
    tx,
    `select c.id, c.unidade_id, c.escopo, c.categoria_id, cat.nome as categoria_nome, c.marca,
       c.estado, c.aplicada_por, c.aplicada_em, c.cancelada_por, c.cancelada_em
     from contagens c left join categorias cat on cat.id = c.categoria_id
     where c.id = $1 for ${mode === "share" ? "share" : "update"} of c`,
    [id],
  );
  if (!c || !seesUnit(actor, c.unidade_id)) throw new AdminError(COUNT_NOT_FOUND);
  if (c.estado !== "aberta") {
    const email = c.estado === "aplicada" ? c.aplicada_por : c.cancelada_por;
    const at = c.estado === "aplicada" ? c.aplicada_em : c.cancelada_em;
    const people = email ? await staffLabels([email], { by: "email", executor: tx }) : new Map();
    const who = (email && people.get(email)) || email || "";
    const verb = c.estado === "aplicada" ? "aplicada" : "cancelada";
    throw new AdminError(
      `Esta contagem já foi ${verb}${at ? ` em ${formatDateTime(at)}` : ""}${who ? ` por ${who}` : ""}`,
    );
  }
  return c;
}

/** The codes a scanned or typed code may be stored as: a UPC-A read as EAN-13 or GTIN-14. */
function codeVariants(codigo: string): string[] {
  if (!/^\d+$/.test(codigo)) return [codigo];
  const bare = codigo.replace(/^0+/, "");
  const out = new Set([codigo, bare]);
  for (const size of [8, 12, 13, 14]) if (bare.length <= size) out.add(bare.padStart(size, "0"));
  return [...out];
}

interface FoundVariant {
  id: string;
  nome: string;
  rotulo: string;
  sku: string;
  categoria_id: string;
  marca: string | null;
}

/** The variant of a code: its EAN/GTIN (zeros on the left or not), else its SKU. */
async function variantOfCode(tx: Tx, codigo: string): Promise<FoundVariant | null> {
  const [byEan] = await runSql<FoundVariant>(
    tx,
    `select v.id, p.nome, v.rotulo, v.sku, p.categoria_id, p.marca
     from variantes v join produtos p on p.id = v.produto_id
     where v.ean = any($1::text[]) and p.excluido_em is null limit 1`,
    [codeVariants(codigo)],
  );
  if (byEan) return byEan;
  const [bySku] = await runSql<FoundVariant>(
    tx,
    `select v.id, p.nome, v.rotulo, v.sku, p.categoria_id, p.marca
     from variantes v join produtos p on p.id = v.produto_id
     where lower(v.sku) = lower($1) and p.excluido_em is null limit 1`,
    [codigo],
  );
  return bySku ?? null;
}

/** What a reading answers: the variant read and how many of it this count holds now. */
export interface ScanResult {
  leituraId: string;
  varianteId: string;
  nome: string;
  sku: string;
  quantidade: number;
  /** Units of the variant counted so far in this count (everyone's readings). */
  totalContado: number;
}

/**
 * Records a reading: the code's variant gets `quantidade` more units in the count, and the
 * ledger's units in hand at the unit right now go with it (the line's first reading keeps
 * its figure). The count is share-locked, so readings run side by side and an apply waits
 * for them; the line's upsert adds to what is there, so no increment is lost.
 */
export async function recordScan(input: ScanInput, actor: CountActor): Promise<ScanResult> {
  return transaction(async (tx) => {
    const count = await lockOpenCount(tx, input.contagemId, actor, "share");
    const variant = await variantOfCode(tx, input.codigo);
    if (!variant) {
      throw new AdminError(
        `Código ${input.codigo} não encontrado: confira se é o código de barras (EAN) ou o SKU de um produto cadastrado`,
        "codigo",
      );
    }
    const nome = lineName(variant.nome, variant.rotulo);
    if (count.escopo === "categoria" && variant.categoria_id !== count.categoria_id) {
      throw new AdminError(
        `${nome} não é da categoria ${count.categoria_nome ?? ""} desta contagem`,
        "codigo",
      );
    }
    if (
      count.escopo === "marca" &&
      (variant.marca ?? "").toLowerCase() !== (count.marca ?? "").toLowerCase()
    ) {
      throw new AdminError(`${nome} não é da marca ${count.marca ?? ""} desta contagem`, "codigo");
    }
    const at = now();
    // The ledger's units in hand now; `for share` waits for a sale or transfer in flight on
    // the row, so the figure is the one the ledger has once that movement is in.
    const [stock] = await runSql<{ em_maos: number }>(
      tx,
      "select em_maos from estoque where variante_id = $1 and unidade_id = $2 for share",
      [variant.id, count.unidade_id],
    );
    const emMaos = stock?.em_maos ?? 0;
    const [reading] = await runSql<{ id: string }>(
      tx,
      `insert into contagem_leituras
         (contagem_id, variante_id, codigo, quantidade, usuario_email, em_maos, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [count.id, variant.id, input.codigo, input.quantidade, actor.email, emMaos, at],
    );
    const [line] = await runSql<{ quantidade: number }>(
      tx,
      `insert into contagem_itens as i
         (contagem_id, variante_id, quantidade, contado_por, primeira_em, ultima_em,
          em_maos_na_contagem, em_maos_na_ultima)
       values ($1, $2, $3, array[$4::text], $5, $5, $6, $6)
       on conflict (contagem_id, variante_id) do update set
         quantidade = i.quantidade + excluded.quantidade,
         contado_por = case when $4 = any(i.contado_por) then i.contado_por
                            else i.contado_por || $4::text end,
         ultima_em = greatest(i.ultima_em, excluded.ultima_em),
         em_maos_na_ultima = excluded.em_maos_na_ultima
       returning quantidade`,
      [count.id, variant.id, input.quantidade, actor.email, at, emMaos],
    );
    return {
      leituraId: reading!.id,
      varianteId: variant.id,
      nome,
      sku: variant.sku,
      quantidade: input.quantidade,
      totalContado: line!.quantidade,
    };
  });
}

/**
 * Undoes the person's own last reading in the count: its units leave the line, whose first
 * reading (and figure of the ledger) becomes the earliest reading still standing. Locks the
 * line first, so a concurrent reading of the same variant adds on top of the result.
 */
export async function undoLastScan(input: CountIdInput, actor: CountActor) {
  return transaction(async (tx) => {
    const count = await lockOpenCount(tx, input.contagemId, actor, "share");
    const [last] = await runSql<{ id: string; variante_id: string; quantidade: number }>(
      tx,
      `select id, variante_id, quantidade from contagem_leituras
       where contagem_id = $1 and usuario_email = $2
       order by created_at desc, id desc limit 1`,
      [count.id, actor.email],
    );
    if (!last) throw new AdminError("Você ainda não tem leituras nesta contagem");
    await runSql(
      tx,
      "select 1 from contagem_itens where contagem_id = $1 and variante_id = $2 for update",
      [count.id, last.variante_id],
    );
    // Another undo of the same reading (a double tap) finds it gone.
    const deleted = await runSql<{ id: string }>(
      tx,
      "delete from contagem_leituras where id = $1 returning id",
      [last.id],
    );
    if (deleted.length === 0) throw new AdminError("Esta leitura já foi desfeita");
    const [rest] = await runSql<{ n: number }>(
      tx,
      `select count(*)::int as n from contagem_leituras where contagem_id = $1 and variante_id = $2`,
      [count.id, last.variante_id],
    );
    if ((rest?.n ?? 0) === 0) {
      await runSql(tx, "delete from contagem_itens where contagem_id = $1 and variante_id = $2", [
        count.id,
        last.variante_id,
      ]);
    } else {
      await runSql(
        tx,
        `with r as (
           select l.* from contagem_leituras l where l.contagem_id = $1 and l.variante_id = $2
         )
         update contagem_itens set
           quantidade = (select sum(quantidade) from r),
           contado_por = (select array_agg(distinct usuario_email) from r),
           primeira_em = (select min(created_at) from r),
           ultima_em = (select max(created_at) from r),
           em_maos_na_contagem = (select em_maos from r order by created_at, id limit 1),
           em_maos_na_ultima = (select em_maos from r order by created_at desc, id desc limit 1)
         where contagem_id = $1 and variante_id = $2`,
        [count.id, last.variante_id],
      );
    }
    const [v] = await runSql<{ nome: string; rotulo: string }>(
      tx,
      "select p.nome, v.rotulo from variantes v join produtos p on p.id = v.produto_id where v.id = $1",
      [last.variante_id],
    );
    return { nome: v ? lineName(v.nome, v.rotulo) : "", quantidade: last.quantidade };
  });
}

/** One reading of the recent list. */
export interface ScanLine {
  id: string;
  nome: string;
  sku: string;
  codigo: string;
  quantidade: number;
  por: string;
  /** The person's own (the one "Desfazer" takes back is their latest). */
  minha: boolean;
  quando: string;
}

/** The count's latest readings, everyone's, newest first. */
export async function recentScans(
  contagemId: string,
  actorEmail: string,
  limit = 15,
  executor: Executor = db(),
): Promise<ScanLine[]> {
  const rows = await runSql<{
    id: string;
    nome: string;
    rotulo: string;
    sku: string;
    codigo: string;
    quantidade: number;
    usuario_email: string;
    created_at: Date | string;
  }>(
    executor,
    `select l.id, p.nome, v.rotulo, v.sku, l.codigo, l.quantidade, l.usuario_email, l.created_at
     from contagem_leituras l
     join variantes v on v.id = l.variante_id
     join produtos p on p.id = v.produto_id
     where l.contagem_id = $1 order by l.created_at desc, l.id desc limit $2`,
    [contagemId, limit],
  );
  const people = await staffLabels(
    rows.map((r) => r.usuario_email),
    { by: "email", executor },
  );
  return rows.map((r) => ({
    id: r.id,
    nome: lineName(r.nome, r.rotulo),
    sku: r.sku,
    codigo: r.codigo,
    quantidade: r.quantidade,
    por: people.get(r.usuario_email) ?? r.usuario_email,
    minha: r.usuario_email === actorEmail,
    quando: formatDateTime(r.created_at),
  }));
}

/** One variant of the differences: counted against what the ledger had when it was counted. */
interface CountDifference {
  varianteId: string;
  nome: string;
  sku: string;
  ean: string | null;
  /** Nobody read it (a variant of the scope with units in hand by the ledger). */
  naoContado: boolean;
  contado: number;
  /** Units in hand by the ledger at its first reading (now, for what was not read). */
  esperado: number;
  /** contado − esperado. */
  diferenca: number;
  /** Units that moved (sales, transfers…) since it was counted: em mãos now − esperado. */
  movimentadoDepois: number;
  /** The ledger moved between its first and last reading: worth a recount. */
  mudouDuranteLeitura: boolean;
  emMaosAgora: number;
  reservado: number;
  /** What applying leaves in hand (never below what is reserved). */
  ficara: number;
  /** Held at what is reserved instead of the count. */
  limitadoAoReservado: boolean;
  contadoPor: string[];
  primeiraEm: string | null;
  ultimaEm: string | null;
}

export interface CountDifferences {
  contagem: CountHeader;
  /** Counted variants and, after them, those of the scope nobody read. */
  linhas: CountDifference[];
  resumo: {
    contados: number;
    comDiferenca: number;
    naoContados: number;
    sobra: number;
    falta: number;
  };
}

/** What applying does to one line: in hand now plus the difference, never below reserved. */
function target(emMaosAgora: number, diferenca: number, reservado: number) {
  const wanted = emMaosAgora + diferenca;
  const floor = Math.max(reservado, 0);
  return { ficara: Math.max(wanted, floor), limitado: wanted < floor };
}

interface LineRow {
  variante_id: string;
  nome: string;
  rotulo: string;
  sku: string;
  ean: string | null;
  quantidade: number;
  contado_por: string[];
  primeira_em: Date | string;
  ultima_em: Date | string;
  em_maos_na_contagem: number;
  em_maos_na_ultima: number;
  em_maos_antes: number | null;
  em_maos_depois: number | null;
  limitado_ao_reservado: boolean;
  em_maos: number | null;
  reservado: number | null;
}

/** The scope's condition on `p` (products) for a count, with its values from `$n`. */
function scopeWhere(c: Pick<LockedCount, "escopo" | "categoria_id" | "marca">, n: number) {
  if (c.escopo === "categoria") return { sql: `p.categoria_id = $${n}`, values: [c.categoria_id] };
  if (c.escopo === "marca") return { sql: `lower(p.marca) = lower($${n})`, values: [c.marca] };
  return { sql: "true", values: [] };
}

async function countRowFor(executor: Executor, id: string) {
  const [c] = await runSql<LockedCount>(
    executor,
    `select c.id, c.unidade_id, c.escopo, c.categoria_id, null as categoria_nome, c.marca,
       c.estado, c.aplicada_por, c.aplicada_em, c.cancelada_por, c.cancelada_em
     from contagens c where c.id = $1`,
    [id],
  );
  return c;
}

/** The lines of a count with the ledger's figures now, and the scope's unread variants. */
async function linesOf(executor: Executor, c: LockedCount) {
  const counted = await runSql<LineRow>(
    executor,
    `select i.variante_id, p.nome, v.rotulo, v.sku, v.ean, i.quantidade, i.contado_por,
       i.primeira_em, i.ultima_em, i.em_maos_na_contagem, i.em_maos_na_ultima, i.em_maos_antes,
       i.em_maos_depois, i.limitado_ao_reservado, e.em_maos, e.reservado
     from contagem_itens i
     join variantes v on v.id = i.variante_id
     join produtos p on p.id = v.produto_id
     left join estoque e on e.variante_id = i.variante_id and e.unidade_id = $2
     where i.contagem_id = $1
     order by lower(p.nome), v.posicao, v.sku`,
    [c.id, c.unidade_id],
  );
  const scope = scopeWhere(c, 3);
  const unread =
    c.estado === "aberta"
      ? await runSql<{
          variante_id: string;
          nome: string;
          rotulo: string;
          sku: string;
          ean: string | null;
          em_maos: number;
          reservado: number;
        }>(
          executor,
          `select e.variante_id, p.nome, v.rotulo, v.sku, v.ean, e.em_maos, e.reservado
           from estoque e
           join variantes v on v.id = e.variante_id
           join produtos p on p.id = v.produto_id
           where e.unidade_id = $2 and e.em_maos > 0 and p.excluido_em is null and ${scope.sql}
             and not exists (select 1 from contagem_itens i
                             where i.contagem_id = $1 and i.variante_id = e.variante_id)
           order by lower(p.nome), v.posicao, v.sku limit 5000`,
          [c.id, c.unidade_id, ...scope.values],
        )
      : [];
  return { counted, unread };
}

/**
 * The differences of a count: each counted variant against the ledger's units in hand when it
 * was first read, what moved since, and what applying would leave (or, once applied, what it
 * did); then the variants of the scope with units in hand that nobody read.
 */
export async function countDifferences(
  id: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<CountDifferences | null> {
  const header = await countHeader(id, scope, executor);
  if (!header) return null;
  const c = (await countRowFor(executor, id))!;
  const { counted, unread } = await linesOf(executor, c);
  const people = await staffLabels(
    counted.flatMap((r) => r.contado_por),
    { by: "email", executor },
  );
  const applied = header.estado === "aplicada";
  const linhas: CountDifference[] = counted.map((r) => {
    const emMaosAgora = r.em_maos ?? 0;
    const reservado = r.reservado ?? 0;
    const diferenca = r.quantidade - r.em_maos_na_contagem;
    const t = applied
      ? { ficara: r.em_maos_depois ?? emMaosAgora, limitado: r.limitado_ao_reservado }
      : target(emMaosAgora, diferenca, reservado);
    return {
      varianteId: r.variante_id,
      nome: lineName(r.nome, r.rotulo),
      sku: r.sku,
      ean: r.ean,
      naoContado: false,
      contado: r.quantidade,
      esperado: r.em_maos_na_contagem,
      diferenca,
      movimentadoDepois:
        (applied ? (r.em_maos_antes ?? emMaosAgora) : emMaosAgora) - r.em_maos_na_contagem,
      mudouDuranteLeitura: r.em_maos_na_ultima !== r.em_maos_na_contagem,
      emMaosAgora: applied ? (r.em_maos_antes ?? emMaosAgora) : emMaosAgora,
      reservado,
      ficara: t.ficara,
      limitadoAoReservado: t.limitado,
      contadoPor: r.contado_por.map((e) => people.get(e) ?? e),
      primeiraEm: r.quantidade > 0 ? formatDateTime(r.primeira_em) : null,
      ultimaEm: r.quantidade > 0 ? formatDateTime(r.ultima_em) : null,
    };
  });
  for (const r of unread) {
    const t = target(r.em_maos, -r.em_maos, r.reservado);
    linhas.push({
      varianteId: r.variante_id,
      nome: lineName(r.nome, r.rotulo),
      sku: r.sku,
      ean: r.ean,
      naoContado: true,
      contado: 0,
      esperado: r.em_maos,
      diferenca: -r.em_maos,
      movimentadoDepois: 0,
      mudouDuranteLeitura: false,
      emMaosAgora: r.em_maos,
      reservado: r.reservado,
      ficara: t.ficara,
      limitadoAoReservado: t.limitado,
      contadoPor: [],
      primeiraEm: null,
      ultimaEm: null,
    });
  }
  const read = linhas.filter((l) => !l.naoContado);
  return {
    contagem: header,
    linhas,
    resumo: {
      contados: read.length,
      comDiferenca: read.filter((l) => l.diferenca !== 0).length,
      naoContados: linhas.length - read.length,
      sobra: read.reduce((s, l) => s + Math.max(l.diferenca, 0), 0),
      falta: read.reduce((s, l) => s + Math.max(-l.diferenca, 0), 0),
    },
  };
}

/** What applying a count did. */
export interface AppliedCount {
  /** Variants whose units in hand changed (one 'contagem' movement each). */
  ajustados: number;
  /** Held at what is reserved for placed orders instead of the count. */
  limitados: { nome: string; contado: number; reservado: number }[];
  /** Variants that went up (an 'estoque.entrada' each). */
  entradas: number;
  zerados: number;
}

const MOVEMENT = `insert into movimentos_estoque
  (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
   reservado_depois, motivo, usuario_email, contagem_id, created_at)`;

/**
 * Applies a count, once, in one transaction: for each counted variant (and, when asked, each
 * variant of the scope nobody read, as zero) the units in hand become what is in hand now
 * plus the count's difference, held at what placed orders reserve, as one 'contagem' movement
 * in the ledger; the count is then 'aplicada'. Its row lock (`for update`) waits for readings
 * in flight and makes a second apply find it applied.
 */
export async function applyCount(input: ApplyCountInput, actor: CountActor): Promise<AppliedCount> {
  return transaction(async (tx) => {
    const c = await lockOpenCount(tx, input.contagemId, actor, "update");
    const at = now();
    if (input.zerarNaoContados) {
      // The unread variants of the scope become lines counted 0, their figure now.
      const scope = scopeWhere(c, 4);
      await runSql(
        tx,
        `insert into contagem_itens
           (contagem_id, variante_id, quantidade, contado_por, primeira_em, ultima_em,
            em_maos_na_contagem, em_maos_na_ultima)
         select $1, e.variante_id, 0, '{}'::text[], $3, $3, e.em_maos, e.em_maos
         from estoque e
         join variantes v on v.id = e.variante_id
         join produtos p on p.id = v.produto_id
         where e.unidade_id = $2 and e.em_maos > 0 and p.excluido_em is null and ${scope.sql}
         on conflict (contagem_id, variante_id) do nothing`,
        [c.id, c.unidade_id, at, ...scope.values],
      );
    }
    const lines = await runSql<{
      variante_id: string;
      nome: string;
      rotulo: string;
      quantidade: number;
      em_maos_na_contagem: number;
    }>(
      tx,
      `select i.variante_id, p.nome, v.rotulo, i.quantidade, i.em_maos_na_contagem
       from contagem_itens i
       join variantes v on v.id = i.variante_id
       join produtos p on p.id = v.produto_id
       where i.contagem_id = $1 order by i.variante_id`,
      [c.id],
    );
    const result: AppliedCount = { ajustados: 0, limitados: [], entradas: 0, zerados: 0 };
    const motivo = `Contagem ${countNumber(c.id)}`;
    // In variant id order, as every stock write (no deadlock with an order's moves).
    for (const line of lines) {
      await runSql(
        tx,
        "insert into estoque (variante_id, unidade_id) values ($1, $2) on conflict do nothing",
        [line.variante_id, c.unidade_id],
      );
      const [row] = await runSql<{ em_maos: number; reservado: number }>(
        tx,
        `select em_maos, reservado from estoque where variante_id = $1 and unidade_id = $2
         for update`,
        [line.variante_id, c.unidade_id],
      );
      const before = row!.em_maos;
      const { ficara, limitado } = target(
        before,
        line.quantidade - line.em_maos_na_contagem,
        row!.reservado,
      );
      const nome = lineName(line.nome, line.rotulo);
      if (limitado) {
        result.limitados.push({ nome, contado: line.quantidade, reservado: row!.reservado });
      }
      if (ficara !== before) {
        await runSql(
          tx,
          `with r as (
             update estoque set em_maos = $3, updated_at = $4
             where variante_id = $1 and unidade_id = $2 returning em_maos, reservado
           )
           ${MOVEMENT} select $1, $2, 'contagem', $3 - $5::int, 0, em_maos, reservado, $6, $7, $8, $4
           from r`,
          [line.variante_id, c.unidade_id, ficara, at, before, motivo, actor.email, c.id],
        );
        result.ajustados += 1;
        if (ficara === 0) result.zerados += 1;
        if (ficara > before) {
          result.entradas += 1;
          // Units arrived at the unit: "avise-me" requests may be answered (subscribers).
          await emit(tx, {
            tipo: "estoque.entrada",
            resourceType: "variante",
            resourceId: line.variante_id,
            dados: { unidadeId: c.unidade_id, quantidade: String(ficara - before) },
          });
        }
      }
      await runSql(
        tx,
        `update contagem_itens set em_maos_antes = $3, em_maos_depois = $4,
           limitado_ao_reservado = $5
         where contagem_id = $1 and variante_id = $2`,
        [c.id, line.variante_id, before, ficara, limitado],
      );
    }
    await runSql(
      tx,
      "update contagens set estado = 'aplicada', aplicada_por = $2, aplicada_em = $3 where id = $1",
      [c.id, actor.email, at],
    );
    await audit(tx, actor, "stock_count_apply", "contagem", c.id, {
      ajustados: result.ajustados,
      limitados: result.limitados.length,
      zerar_nao_contados: input.zerarNaoContados,
    });
    return result;
  });
}

/** Cancels an open count: nothing changes in stock; its readings stay for the record. */
export async function cancelCount(input: CountIdInput, actor: CountActor) {
  return transaction(async (tx) => {
    const c = await lockOpenCount(tx, input.contagemId, actor, "update");
    await runSql(
      tx,
      "update contagens set estado = 'cancelada', cancelada_por = $2, cancelada_em = $3 where id = $1",
      [c.id, actor.email, now()],
    );
    await audit(tx, actor, "stock_count_cancel", "contagem", c.id, {});
    return { numero: countNumber(c.id) };
  });
}

/** One line of the printed count sheet: a variant of the scope at the unit, to count. */
export interface SheetLine {
  varianteId: string;
  nome: string;
  sku: string;
  ean: string | null;
  /** Counted so far in this count (blank on paper when nothing yet). */
  contado: number | null;
}

/** The count sheet: every variant of the scope (on sale or with stock at the unit). */
export async function countSheet(
  id: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<{ contagem: CountHeader; linhas: SheetLine[] } | null> {
  const header = await countHeader(id, scope, executor);
  if (!header) return null;
  const c = (await countRowFor(executor, id))!;
  const where = scopeWhere(c, 3);
  const rows = await runSql<{
    id: string;
    nome: string;
    rotulo: string;
    sku: string;
    ean: string | null;
    contado: number | null;
  }>(
    executor,
    `select v.id, p.nome, v.rotulo, v.sku, v.ean, i.quantidade as contado
     from variantes v
     join produtos p on p.id = v.produto_id
     left join estoque e on e.variante_id = v.id and e.unidade_id = $2
     left join contagem_itens i on i.contagem_id = $1 and i.variante_id = v.id
     where p.excluido_em is null and ${where.sql}
       and ((v.ativo and p.ativo) or coalesce(e.em_maos, 0) > 0 or i.quantidade is not null)
     order by lower(p.nome), v.posicao, v.sku limit 5000`,
    [c.id, c.unidade_id, ...where.values],
  );
  return {
    contagem: header,
    linhas: rows.map((r) => ({
      varianteId: r.id,
      nome: lineName(r.nome, r.rotulo),
      sku: r.sku,
      ean: r.ean,
      contado: r.contado,
    })),
  };
}
