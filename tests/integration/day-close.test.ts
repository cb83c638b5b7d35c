// "Fechamento do dia" per unit and the dashboard's "Pedidos" vs "Recebido" (issue 43 points 4
// and 5, decision 0079). A generated day of mixed orders and bookings at one unit (online Pix
// paid, one refunded in part, a card charge charged back, cash with change, card at pick-up,
// grooming paid at pick-up, one of them at 23:30 in São Paulo) plus noise on the days around
// it and at the other unit: the close's totals per form, per person and the cash expected in
// the drawer equal the sums of the recorded rows of that São Paulo day; the CSV and XLSX carry
// the same totals; another unit's staff cannot open it. The server runs in UTC.
import crypto from "node:crypto";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopDay } from "~/domain/dates";
import { FORMA_FECHAMENTO_LABEL, type FormaFechamento } from "~/domain/day-close";
import { agendamentos } from "~/modules/grooming/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { recordCounterPayment } from "~/modules/payments/index.server";
import { cobrancas, recebimentos } from "~/modules/payments/testing.server";
import { closeUnits, dayClose, getDashboard } from "~/modules/reports/index.server";
import { setClock } from "~/platform/clock.server";
import { db, transaction } from "~/platform/db/client.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as closeRoute from "~/routes/admin/fechamento";
import * as exportRoute from "~/routes/admin/fechamento-exportar";
import * as printRoute from "~/routes/admin/fechamento-imprimir";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { addCentroUnit, defaultUnitId, insertOrder, insertProduct } from "../support/factories";
import { call } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";

withTestDatabase();

const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "UTC";
});
afterAll(() => {
  setClock(undefined);
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

/** Friday 20 Nov 2026 in São Paulo (UTC-3, no daylight saving). */
const DIA = "2026-11-20";
/** A São Paulo wall-clock time on a day, as the instant it is. */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

let unitA: string;
let unitB: string;
let produto: { id: string; nome: string };
let ana: StaffSession; // gerente of unit A
let bruno: StaffSession; // atendente of unit A
let clara: StaffSession; // gerente of unit B only
let dono: StaffSession; // every unit

async function order(unidadeId: string, total: number, createdAt: Date, forma = "balcao") {
  return insertOrder([{ produtoId: produto.id, nome: produto.nome, preco: total, quantidade: 1 }], {
    unidadeId,
    modo: "retirada",
    taxaEntrega: 0,
    total,
    formaPagamento: forma as never,
    estoqueSituacao: "baixado",
    createdAt,
  });
}

async function booking(unidadeId: string) {
  const [row] = await db()
    .insert(agendamentos)
    .values({
      unidadeId,
      data: DIA,
      horario: "09:00",
      inicio: sp(DIA, "09:00"),
      status: "entregue",
      origem: "balcao",
      tokenHash: crypto.randomBytes(16).toString("hex"),
      nomeTutor: "Rita Tutora",
      whatsapp: "(47) 99999-0101",
      whatsappDigitos: "47999990101",
      pontos: 1,
      precoEstimado: 7000,
      precoFinal: 7000,
      historico: [],
    })
    .returning({ id: agendamentos.id });
  return row!.id;
}

async function counter(
  input: {
    pedidoId?: string;
    agendamentoId?: string;
    unidadeId: string;
    metodo: "dinheiro" | "pix" | "debito" | "credito";
    valor: number;
    recebido?: number;
    motivo?: string;
  },
  by: StaffSession,
  at: Date,
) {
  await transaction((tx) =>
    recordCounterPayment(tx, {
      ...input,
      recebido: input.recebido ?? null,
      motivo: input.motivo ?? null,
      usuarioId: by.user.id,
      at,
    }),
  );
}

async function charge(
  pedidoId: string,
  values: Partial<typeof cobrancas.$inferInsert> & { valor: number },
) {
  await db()
    .insert(cobrancas)
    .values({
      pedidoId,
      provedor: "mercadopago",
      externoId: crypto.randomUUID(),
      idempotencyKey: crypto.randomUUID(),
      ...values,
    });
}

beforeAll(async () => {
  await seedDatabase({ images: false });
  unitA = await defaultUnitId();
  unitB = await addCentroUnit(db(), { atendeEntregas: false });
  produto = await insertProduct({ estoque: 0 });
  ana = await staffSession({ papel: "gerente", unidades: [unitA], nome: "Ana Gerente" });
  bruno = await staffSession({ papel: "atendente", unidades: [unitA], nome: "Bruno Balcão" });
  clara = await staffSession({ papel: "gerente", unidades: [unitB], nome: "Clara Centro" });
  dono = await staffSession({ papel: "dono", unidades: null, nome: "Dono" });

  // Online Pix paid.
  const pix = await order(unitA, 10_000, sp(DIA, "09:50"), "pix_mercadopago");
  await charge(pix.id, { valor: 10_000, status: "paga", pagoEm: sp(DIA, "10:00") });
  // Online Pix paid, R$ 30,00 of it refunded in the afternoon (partial).
  const partial = await order(unitA, 8_000, sp(DIA, "10:50"), "pix_mercadopago");
  await charge(partial.id, {
    valor: 8_000,
    status: "paga",
    pagoEm: sp(DIA, "11:00"),
    valorReembolsado: 3_000,
    reembolsadoEm: sp(DIA, "15:00"),
  });
  // Card online in 3 installments, paid in the morning, charged back in the evening.
  const card = await order(unitA, 15_000, sp(DIA, "08:55"), "pix_mercadopago");
  await charge(card.id, {
    meio: "cartao",
    parcelas: 3,
    valor: 15_000,
    status: "paga",
    pagoEm: sp(DIA, "09:00"),
    contestadaEm: sp(DIA, "18:00"),
  });
  // A Pix still waiting at night: not money.
  const waiting = await order(unitA, 2_000, sp(DIA, "20:00"), "pix_mercadopago");
  await charge(waiting.id, {
    valor: 2_000,
    status: "pendente",
    expiraEm: sp(DIA, "20:30"),
    createdAt: sp(DIA, "20:00"),
  });
  // Cash with change at pick-up; a debit card at pick-up with a discount and its reason.
  const cash = await order(unitA, 23_990, sp(DIA, "08:00"));
  await counter(
    { pedidoId: cash.id, unidadeId: unitA, metodo: "dinheiro", valor: 23_990, recebido: 25_000 },
    ana,
    sp(DIA, "12:00"),
  );
  const debit = await order(unitA, 5_500, sp(DIA, "08:10"));
  await counter(
    {
      pedidoId: debit.id,
      unidadeId: unitA,
      metodo: "debito",
      valor: 5_000,
      motivo: "Desconto de fidelidade",
    },
    bruno,
    sp(DIA, "13:00"),
  );
  // Grooming paid at pick-up: Pix at the counter, and cash at 23:30 (02:30 UTC the next day).
  await counter(
    { agendamentoId: await booking(unitA), unidadeId: unitA, metodo: "pix", valor: 7_000 },
    bruno,
    sp(DIA, "16:00"),
  );
  await counter(
    {
      agendamentoId: await booking(unitA),
      unidadeId: unitA,
      metodo: "dinheiro",
      valor: 4_500,
      recebido: 5_000,
    },
    ana,
    sp(DIA, "23:30"),
  );
  // An order placed that day and not paid: a placed order, no money.
  await order(unitA, 3_300, sp(DIA, "17:00"));

  // Noise: the evening before, the next morning, the other unit, a cancelled-then-refunded
  // charge of another day.
  const before = await order(unitA, 1_100, sp("2026-11-19", "23:00"));
  await counter(
    { pedidoId: before.id, unidadeId: unitA, metodo: "dinheiro", valor: 1_100, recebido: 2_000 },
    ana,
    sp("2026-11-19", "23:59"),
  );
  const after = await order(unitA, 1_200, sp("2026-11-21", "00:00"));
  await counter(
    { pedidoId: after.id, unidadeId: unitA, metodo: "credito", valor: 1_200 },
    bruno,
    sp("2026-11-21", "00:01"),
  );
  const other = await order(unitB, 9_900, sp(DIA, "10:00"));
  await counter(
    { pedidoId: other.id, unidadeId: unitB, metodo: "dinheiro", valor: 9_900, recebido: 10_000 },
    clara,
    sp(DIA, "10:30"),
  );
  const otherOnline = await order(unitB, 4_400, sp(DIA, "11:00"), "pix_mercadopago");
  await charge(otherOnline.id, { valor: 4_400, status: "paga", pagoEm: sp(DIA, "11:05") });
});

/** The expected figures, summed in JavaScript from the stored rows of unit A on DIA. */
async function fromRows() {
  const onDay = (at: Date | null) => at !== null && shopDay(at) === DIA;
  const inPerson = (await db().select().from(recebimentos)).filter(
    (r) => r.unidadeId === unitA && onDay(r.recebidoEm),
  );
  const ordersOfA = new Set(
    (await db().select({ id: pedidos.id, unidadeId: pedidos.unidadeId }).from(pedidos))
      .filter((p) => p.unidadeId === unitA)
      .map((p) => p.id),
  );
  const charges = await db().select().from(cobrancas);
  const online = charges.filter((c) => ordersOfA.has(c.pedidoId ?? "") && onDay(c.pagoEm));
  const porForma = {} as Record<FormaFechamento, number>;
  for (const f of Object.keys(FORMA_FECHAMENTO_LABEL) as FormaFechamento[]) porForma[f] = 0;
  for (const r of inPerson) porForma[r.metodo] += r.valor;
  for (const c of online) porForma[c.meio === "cartao" ? "cartao_online" : "pix_online"] += c.valor;
  const porPessoa = new Map<string, number>();
  for (const r of inPerson)
    porPessoa.set(r.usuarioId!, (porPessoa.get(r.usuarioId!) ?? 0) + r.valor);
  const cash = inPerson.filter((r) => r.metodo === "dinheiro");
  const refunds = charges
    .filter((c) => ordersOfA.has(c.pedidoId ?? "") && onDay(c.reembolsadoEm))
    .reduce((n, c) => n + (c.valorReembolsado ?? c.valor), 0);
  const chargebacks = charges
    .filter((c) => ordersOfA.has(c.pedidoId ?? "") && onDay(c.contestadaEm))
    .reduce((n, c) => n + c.valor - (c.valorReembolsado ?? 0), 0);
  const sum = <T>(rows: T[], of: (r: T) => number) => rows.reduce((n, r) => n + of(r), 0);
  return {
    inPerson,
    online,
    porForma,
    porPessoa,
    recebido: sum(inPerson, (r) => r.valor) + sum(online, (c) => c.valor),
    grooming: sum(
      inPerson.filter((r) => r.agendamentoId),
      (r) => r.valor,
    ),
    gaveta: sum(cash, (r) => r.valor),
    entregue: sum(cash, (r) => r.recebido ?? r.valor),
    refunds,
    chargebacks,
  };
}

describe("day close per unit", () => {
  it("sums per form, per person and the drawer exactly as the day's recorded rows, in São Paulo's day", async () => {
    const expected = await fromRows();
    // The generated day is what the test means it to be (seven payments in all at unit A).
    expect(expected.inPerson).toHaveLength(4);
    expect(expected.online).toHaveLength(3);

    const close = (await dayClose(unitA, DIA, ana.staff))!;
    expect(close.unidade.id).toBe(unitA);
    expect(Object.fromEntries(close.porForma.map((f) => [f.forma, f.valor]))).toEqual(
      expected.porForma,
    );
    expect(close.recebido).toBe(expected.recebido);
    expect(close.porOrigem.banho_tosa).toBe(expected.grooming);
    expect(close.porOrigem.loja).toBe(expected.recebido - expected.grooming);
    expect(close.gaveta).toEqual({
      esperado: expected.gaveta,
      entregue: expected.entregue,
      troco: expected.entregue - expected.gaveta,
    });
    expect(close.reembolsos).toBe(expected.refunds);
    expect(close.contestacoes).toBe(expected.chargebacks);
    expect(close.liquido).toBe(expected.recebido - expected.refunds - expected.chargebacks);
    expect(close.aguardando).toEqual({ quantidade: 1, valor: 2_000 });
    // Per person: each of the team by name, the online charges under the provider.
    const byPerson = Object.fromEntries(close.porPessoa.map((p) => [p.pessoa, p.valor]));
    expect(Object.values(byPerson).reduce((a, b) => a + b, 0)).toBe(expected.recebido);
    expect(byPerson[Object.keys(byPerson).find((k) => k.startsWith("Ana Gerente"))!]).toBe(
      expected.porPessoa.get(ana.user.id),
    );
    expect(byPerson[Object.keys(byPerson).find((k) => k.startsWith("Bruno Balcão"))!]).toBe(
      expected.porPessoa.get(bruno.user.id),
    );
    expect(byPerson["Online (Mercado Pago)"]).toBe(
      expected.online.reduce((n, c) => n + c.valor, 0),
    );
    // The 23:30 cash of the grooming room is this day's (02:30 UTC the next day).
    expect(close.entradas.at(-1)).toMatchObject({
      forma: "dinheiro",
      origem: "banho_tosa",
      valor: 4_500,
      recebido: 5_000,
    });
    // The card paid in installments says so; orders placed that day are counted apart.
    expect(
      close.entradas.some((e) => e.forma === "cartao_online" && e.referencia.endsWith("(3x)")),
    ).toBe(true);
    expect(close.pedidos.quantidade).toBe(7);
  });

  it("another unit's staff cannot see this unit's close, on the screen, the print or the file", async () => {
    expect(await dayClose(unitA, DIA, clara.staff)).toBeNull();
    const q = `?unidade=${unitA}&dia=${DIA}`;
    for (const [route, path] of [
      [closeRoute.loader, `/admin/fechamento${q}`],
      [printRoute.loader, `/admin/fechamento/imprimir${q}`],
      [exportRoute.loader, `/admin/fechamento/exportar${q}&formato=csv`],
    ] as const) {
      const refused = await call(route, makeRequest(path, { token: clara.token }));
      expect(refused.status, path).toBe(404);
      const own = await call(route, makeRequest(path, { token: ana.token }));
      expect(own.status, path).toBe(200);
    }
    // Their own unit's close has only their unit's money.
    const theirs = (await dayClose(unitB, DIA, clara.staff))!;
    expect(theirs.recebido).toBe(9_900 + 4_400);
    // The line of what belongs to no unit: only for people of every unit (decision 0079).
    expect((await closeUnits(ana.staff)).map((u) => u.id)).toEqual([unitA]);
    expect((await closeUnits(dono.staff)).map((u) => u.id)).toContain("sem-unidade");
    expect(await dayClose("sem-unidade", DIA, ana.staff)).toBeNull();
    expect(await dayClose("sem-unidade", DIA, dono.staff)).toMatchObject({ recebido: 0 });
    // A day that is not a day is refused in words.
    const bad = await call(
      closeRoute.loader,
      makeRequest(`/admin/fechamento?unidade=${unitA}&dia=31-02`, { token: ana.token }),
    );
    expect(bad).toMatchObject({ status: 400, data: "Escolha um dia válido (dd/mm/aaaa)" });
    // An attendant has no reports at all.
    const attendant = await call(
      closeRoute.loader,
      makeRequest(`/admin/fechamento${q}`, { token: bruno.token }),
    );
    expect(attendant.status).toBe(403);
  });

  it("the CSV and the XLSX carry the same totals as the close", async () => {
    const close = (await dayClose(unitA, DIA, dono.staff))!;
    const reais = (centavos: number) => (centavos / 100).toFixed(2).replace(".", ",");
    const q = `/admin/fechamento/exportar?unidade=${unitA}&dia=${DIA}`;

    const csv = await call(
      exportRoute.loader,
      makeRequest(`${q}&formato=csv`, { token: dono.token }),
    );
    expect(csv.response!.headers.get("content-disposition")).toContain(`fechamento-${DIA}-`);
    const rows = Papa.parse<string[]>((await csv.response!.text()).replace(/^\uFEFF/, ""), {
      delimiter: ";",
    }).data;
    const row = (label: string) => rows.find((r) => r[0] === label);
    expect(rows.some((r) => r[0] === "Não é documento fiscal")).toBe(true);
    expect(row("Recebido")?.[2]).toBe(reais(close.recebido));
    expect(row("Esperado na gaveta")?.[2]).toBe(reais(close.gaveta.esperado));
    expect(row("Troco dado")?.[2]).toBe(reais(close.gaveta.troco));
    expect(row("Reembolsos")?.[2]).toBe(reais(close.reembolsos));
    expect(row("Contestações")?.[2]).toBe(reais(close.contestacoes));
    for (const f of close.porForma) expect(row(f.label)?.[2], f.label).toBe(reais(f.valor));

    const xlsx = await call(
      exportRoute.loader,
      makeRequest(`${q}&formato=xlsx`, { token: dono.token }),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.response!.arrayBuffer());
    const sheet = book.getWorksheet("Fechamento")!;
    const cells = new Map<string, unknown>();
    sheet.eachRow((r) => {
      const label = r.getCell(1).value;
      if (typeof label === "string" && !cells.has(label)) cells.set(label, r.getCell(3).value);
    });
    expect(cells.get("Recebido")).toBe(close.recebido / 100);
    expect(cells.get("Esperado na gaveta")).toBe(close.gaveta.esperado / 100);
    for (const f of close.porForma) expect(cells.get(f.label), f.label).toBe(f.valor / 100);
  });
});

describe("dashboard: Pedidos (placed) vs Recebido (paid)", () => {
  it("per unit, placed orders apart from the money that came in, grooming beside the store", async () => {
    setClock(() => sp(DIA, "23:45"));
    const expected = await fromRows();
    const d = await getDashboard(sp(DIA, "23:45"), dono.staff);
    const a = d.dinheiro.porUnidade.find((u) => u.unidade.id === unitA)!;
    expect(a.recebido).toEqual({
      loja: expected.recebido - expected.grooming,
      banhoTosa: expected.grooming,
      total: expected.recebido,
    });
    // Seven orders placed at unit A that day, paid or not; the unpaid R$ 33,00 and the waiting
    // Pix are orders, not money.
    expect(a.pedidos).toEqual({
      quantidade: 7,
      valor: 10_000 + 8_000 + 15_000 + 2_000 + 23_990 + 5_500 + 3_300,
    });
    expect(d.dinheiro.recebido.total).toBe(expected.recebido + 9_900 + 4_400);

    // The screen: only for who sees money, and only their units.
    const page = await call(
      dashboardRoute.loader,
      makeRequest("/admin/dashboard", { token: clara.token }),
    );
    const units = page.data.vendas.dinheiro.porUnidade.map(
      (u: { unidade: { id: string } }) => u.unidade.id,
    );
    expect(units).toEqual([unitB]);
    expect(page.data.vendas.dinheiro.recebido.total).toBe(9_900 + 4_400);
    expect(page.data.vendas.hoje).toEqual({ total: 9_900 + 4_400, pedidos: 2 });
    setClock(undefined);
  });
});
