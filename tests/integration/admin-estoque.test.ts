// /admin/estoque against a real database: the count with its reason (ajuste), transfers
// between units (two movements, totals unchanged, racing in both directions), the minimum and
// its filter, and a variant's ledger as the history page shows it.
import crypto from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EVERY_UNIT } from "~/domain/unit-scope";
import { createSession, createUser, type Usuario } from "~/modules/accounts/index.server";
import { productSearchText } from "~/modules/catalog";
import * as inventory from "~/modules/inventory/index.server";
import { estoque, movimentosEstoque } from "~/modules/inventory/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { db, queryRows, transaction } from "~/platform/db/client.server";
import { adminAuditLog } from "~/platform/tables.server";
import { action, loader } from "~/routes/admin/estoque";
import { loader as historyLoader } from "~/routes/admin/estoque-historico";
import { action as transfersAction } from "~/routes/admin/estoque-transferencias";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { call } from "../support/routes";

withTestDatabase();
const clock = withTestClock("2026-03-10T12:00:00Z");

let admin: Usuario;
let token: string;
let categoriaId: string;

beforeAll(async () => {
  admin = await createUser({
    email: `estoque-${Date.now()}@teste.com`,
    password: "Quati-Aveia-Moinho-35",
    papel: "dono",
  });
  const [c] = await queryRows<{ id: string }>(
    db(),
    sql`insert into categorias (nome) values ('Estoque (teste)') returning id`,
  );
  categoriaId = c!.id;
});

// A session opened at the test clock's instant, which every test starts at.
beforeEach(async () => {
  ({ token } = await createSession(admin.id, makeRequest("/admin/login")));
});

const hex = () => crypto.randomBytes(4).toString("hex");

/** A unit of the test's own (the migration's two stay out of the figures compared). */
async function makeUnit(nome = `Unidade ${hex()}`) {
  const [row] = await db()
    .insert(unidades)
    .values({
      slug: `teste-${hex()}`,
      nome,
      endereco: "Rua 1",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      horarios: [null, null, null, null, null, null, null],
      posicao: 50,
    })
    .returning();
  return row!;
}

type Figures = { emMaos: number; reservado?: number; minimo?: number };

/**
 * A product with one variant and its stock at the given units. The catalog's face is being
 * rewired for variants, so its rows go in as SQL; the stock through inventory's table.
 */
async function makeVariant(
  stock: Record<string, Figures>,
  options: { nome?: string; rotulo?: string; sku?: string } = {},
) {
  const nome = options.nome ?? `Produto ${hex()}`;
  const sku = options.sku ?? `SKU-${hex().toUpperCase()}`;
  const [p] = await queryRows<{ id: string }>(
    db(),
    sql`insert into produtos (nome, categoria_id, busca)
        values (${nome}, ${categoriaId}, ${productSearchText({ nome })}) returning id`,
  );
  const [v] = await queryRows<{ id: string }>(
    db(),
    sql`insert into variantes (produto_id, sku, rotulo, preco)
        values (${p!.id}, ${sku}, ${options.rotulo ?? ""}, '10.00') returning id`,
  );
  const varianteId = v!.id;
  const rows = Object.entries(stock).map(([unidadeId, f]) => ({
    varianteId,
    unidadeId,
    emMaos: f.emMaos,
    reservado: f.reservado ?? 0,
    minimo: f.minimo ?? 0,
  }));
  if (rows.length) await db().insert(estoque).values(rows);
  return { varianteId, nome, sku };
}

async function figures(varianteId: string, unidadeId: string) {
  const [row] = await db()
    .select()
    .from(estoque)
    .where(and(eq(estoque.varianteId, varianteId), eq(estoque.unidadeId, unidadeId)));
  return row;
}

async function ledger(varianteId: string) {
  return db()
    .select()
    .from(movimentosEstoque)
    .where(eq(movimentosEstoque.varianteId, varianteId))
    .orderBy(movimentosEstoque.createdAt);
}

async function auditOf(action: string, varianteId: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.resourceId, varianteId)))
    .orderBy(desc(adminAuditLog.createdAt));
}

const post = (fields: Record<string, string>) =>
  call(action, formRequest("/admin/estoque", fields, { token }));

const adjust = (varianteId: string, unidadeId: string, emMaos: string, motivo: string) =>
  post({ intent: "stock-adjust", varianteId, unidadeId, emMaos, motivo });

const move = (varianteId: string, de: string, para: string, quantidade: number, motivo = "") =>
  post({
    intent: "stock-transfer",
    varianteId,
    de,
    para,
    quantidade: String(quantidade),
    motivo,
  });

/** Receives, as the test's admin, the variant's transfers still in transit (decision 0076). */
async function receiveAll(varianteId: string) {
  const { chegando } = await inventory.listTransfers(EVERY_UNIT);
  const pending = chegando.filter((t) => t.varianteId === varianteId);
  for (const t of pending) {
    const received = await call(
      transfersAction,
      formRequest(
        "/admin/estoque/transferencias",
        { intent: "receber", id: t.id, quantidade: "" },
        { token },
      ),
    );
    expect(received.data).toMatchObject({ ok: true, message: "Transferência recebida" });
  }
  return pending.length;
}

describe("admin stock: access and intents", () => {
  it("refuses a visitor and an unknown intent", async () => {
    const anonymous = await call(loader, makeRequest("/admin/estoque"));
    expect(anonymous.response?.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    const unknown = await post({ intent: "stock-delete" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, message: "Ação desconhecida" });
  });
});

describe("admin stock: ajuste (the count in hand, with its reason)", () => {
  it("writes one ledger row with the reason, the admin's e-mail and the figures after", async () => {
    const unit = await makeUnit();
    const { varianteId } = await makeVariant({ [unit.id]: { emMaos: 5, reservado: 2 } });

    const result = await adjust(varianteId, unit.id, "12", "  Contagem do balcão  ");
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, intent: "stock-adjust" });
    expect(result.data.message).toBe("Estoque ajustado");

    expect(await figures(varianteId, unit.id)).toMatchObject({
      emMaos: 12,
      reservado: 2,
      disponivel: 10,
    });
    const rows = await ledger(varianteId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      unidadeId: unit.id,
      tipo: "ajuste",
      deltaEmMaos: 7,
      deltaReservado: 0,
      emMaosDepois: 12,
      reservadoDepois: 2,
      motivo: "Contagem do balcão",
      usuarioEmail: admin.email,
      pedidoId: null,
    });
    const [entry] = await auditOf("stock_adjust", varianteId);
    expect(entry).toMatchObject({ adminUserId: admin.id, resourceType: "variante" });
    expect(entry!.details).toMatchObject({
      em_maos_antes: 5,
      em_maos: 12,
      motivo: "Contagem do balcão",
    });
  });

  it("counts at a unit the variant had no row at yet, and writes nothing when nothing changes", async () => {
    const unit = await makeUnit();
    const { varianteId } = await makeVariant({});
    expect((await adjust(varianteId, unit.id, "3", "Entrada de nota")).status).toBe(200);
    expect(await figures(varianteId, unit.id)).toMatchObject({ emMaos: 3, reservado: 0 });

    const same = await adjust(varianteId, unit.id, "3", "Contagem repetida");
    expect(same.data).toMatchObject({ ok: true, message: "A quantidade já era essa" });
    expect(await ledger(varianteId)).toHaveLength(1);
    expect(await auditOf("stock_adjust", varianteId)).toHaveLength(1);
  });

  it("refuses less than what placed orders hold reserved, writing nothing", async () => {
    const unit = await makeUnit();
    const { varianteId } = await makeVariant({ [unit.id]: { emMaos: 6, reservado: 4 } });

    const refused = await adjust(varianteId, unit.id, "3", "Avaria no depósito");
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(
      "Não é possível deixar menos que o reservado para pedidos (4)",
    );
    expect(refused.data.message).toBe(inventory.belowReservedMessage(4));
    expect(refused.data.errors).toEqual({ emMaos: refused.data.message });
    expect(await figures(varianteId, unit.id)).toMatchObject({ emMaos: 6, reservado: 4 });
    expect(await ledger(varianteId)).toHaveLength(0);
    expect(await auditOf("stock_adjust", varianteId)).toHaveLength(0);

    // Exactly the reserved is allowed (nothing left available).
    expect((await adjust(varianteId, unit.id, "4", "Avaria no depósito")).status).toBe(200);
    expect(await figures(varianteId, unit.id)).toMatchObject({ emMaos: 4, disponivel: 0 });
  });

  it("checks the form with the shared schema (whole numbers in bounds, a reason of 3 to 200)", async () => {
    const unit = await makeUnit();
    const { varianteId } = await makeVariant({ [unit.id]: { emMaos: 1 } });
    const cases: [string, string, string][] = [
      ["-1", "Contagem", "emMaos"],
      ["1,5", "Contagem", "emMaos"],
      ["1000001", "Contagem", "emMaos"],
      ["", "Contagem", "emMaos"],
      ["2", "ab", "motivo"],
      ["2", "x".repeat(201), "motivo"],
      ["2", "com\u0000nulo", "motivo"],
    ];
    for (const [emMaos, motivo, field] of cases) {
      const result = await adjust(varianteId, unit.id, emMaos, motivo);
      expect(result.status, `${emMaos} / ${motivo.slice(0, 10)}`).toBe(400);
      expect(Object.keys(result.data.errors)).toEqual([field]);
    }
    const noUnit = await adjust(varianteId, "nao-e-id", "2", "Contagem");
    expect(noUnit.data.errors).toHaveProperty("unidadeId");
    const gone = await adjust(crypto.randomUUID(), unit.id, "2", "Contagem");
    expect(gone.data).toMatchObject({ ok: false, message: "Produto não encontrado" });
    const otherUnit = await adjust(varianteId, crypto.randomUUID(), "2", "Contagem");
    expect(otherUnit.data).toMatchObject({ ok: false, message: "Unidade não encontrada" });
    expect(await ledger(varianteId)).toHaveLength(0);
    expect((await adjust(varianteId, unit.id, "1000000", "Contagem")).status).toBe(200);
  });
});

describe("admin stock: transfer between units", () => {
  it("sends at once from the origin; the destination gets it only when received (saída, then entrada)", async () => {
    const a = await makeUnit();
    const b = await makeUnit();
    const { varianteId } = await makeVariant({
      [a.id]: { emMaos: 10, reservado: 1 },
      [b.id]: { emMaos: 2 },
    });

    const result = await move(varianteId, a.id, b.id, 4, "Reposição da unidade");
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, message: "Transferência enviada" });

    // In transit: out of a (it cannot be sold twice), not yet at b.
    expect(await figures(varianteId, a.id)).toMatchObject({
      emMaos: 6,
      reservado: 1,
      disponivel: 5,
    });
    expect(await figures(varianteId, b.id)).toMatchObject({ emMaos: 2, disponivel: 2 });
    const sent = await ledger(varianteId);
    expect(sent.map((r) => [r.tipo, r.unidadeId, r.deltaEmMaos, r.emMaosDepois])).toEqual([
      ["transferencia_saida", a.id, -4, 6],
    ]);
    const [entry] = await auditOf("stock_transfer", varianteId);
    expect(entry!.details).toMatchObject({ de: a.nome, para: b.nome, quantidade: 4 });

    expect(await receiveAll(varianteId)).toBe(1);
    const [fa, fb] = [await figures(varianteId, a.id), await figures(varianteId, b.id)];
    expect(fa).toMatchObject({ emMaos: 6, reservado: 1, disponivel: 5 });
    expect(fb).toMatchObject({ emMaos: 6, reservado: 0, disponivel: 6 });
    expect(fa!.emMaos + fb!.emMaos).toBe(12);

    const rows = await ledger(varianteId);
    expect(rows.map((r) => [r.tipo, r.unidadeId, r.deltaEmMaos, r.emMaosDepois])).toEqual(
      expect.arrayContaining([
        ["transferencia_saida", a.id, -4, 6],
        ["transferencia_entrada", b.id, 4, 6],
      ]),
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ motivo: "Reposição da unidade", usuarioEmail: admin.email });
      expect(r.transferenciaId).toBe(sent[0]!.transferenciaId);
    }
  });

  it("refuses more than the origin has available, naming it, with nothing written", async () => {
    const a = await makeUnit("Unidade Origem");
    const b = await makeUnit();
    // No row at b yet: the refusal must not leave one behind either.
    const { varianteId } = await makeVariant({ [a.id]: { emMaos: 5, reservado: 2 } });

    const refused = await move(varianteId, a.id, b.id, 4);
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(
      "Só há 3 unidades disponíveis em Unidade Origem para transferir",
    );
    expect(refused.data.message).toBe(inventory.notEnoughToTransfer(3, "Unidade Origem"));
    expect(refused.data.errors).toEqual({ quantidade: refused.data.message });

    expect(await figures(varianteId, a.id)).toMatchObject({ emMaos: 5, reservado: 2 });
    expect(await figures(varianteId, b.id)).toBeUndefined();
    expect(await ledger(varianteId)).toHaveLength(0);
    expect(await auditOf("stock_transfer", varianteId)).toHaveLength(0);

    expect(inventory.notEnoughToTransfer(1, "X")).toBe(
      "Só há 1 unidade disponível em X para transferir",
    );
    expect(inventory.notEnoughToTransfer(0, "X")).toBe(
      "Não há unidades disponíveis em X para transferir",
    );
  });

  it("refuses the same unit on both sides and a quantity of 0", async () => {
    const a = await makeUnit();
    const { varianteId } = await makeVariant({ [a.id]: { emMaos: 5 } });
    const same = await move(varianteId, a.id, a.id, 1);
    expect(same.status).toBe(400);
    expect(same.data.errors).toHaveProperty("para");
    const zero = await move(varianteId, a.id, (await makeUnit()).id, 0);
    expect(zero.data.errors).toHaveProperty("quantidade");
    expect(await ledger(varianteId)).toHaveLength(0);
  });

  it("10 transfers racing in opposite directions never send the same units twice nor go negative", async () => {
    const a = await makeUnit();
    const b = await makeUnit();
    // 4 free units (a also holds 1 reserved), moved 4 at a time. A sent transfer leaves a at
    // once and reaches b only when received, so exactly one a→b goes and every b→a is refused.
    const { varianteId } = await makeVariant({ [a.id]: { emMaos: 5, reservado: 1 } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i < 5 ? move(varianteId, a.id, b.id, 4) : move(varianteId, b.id, a.id, 4),
      ),
    );
    const ok = (from: number, to: number) =>
      results.slice(from, to).filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect([ok(0, 5), ok(5, 10)]).toEqual([1, 0]);
    for (const r of results.filter((r) => r.status === 400)) {
      expect(r.data.message).toMatch(/^Não há unidades disponíveis em .+ para transferir$/);
    }
    expect(await figures(varianteId, a.id)).toMatchObject({ emMaos: 1, reservado: 1 });
    expect((await figures(varianteId, b.id))?.emMaos ?? 0).toBe(0);

    // Received: the total in hand is whole again, and the ledger explains each unit's figure.
    expect(await receiveAll(varianteId)).toBe(1);
    const [fa, fb] = [await figures(varianteId, a.id), await figures(varianteId, b.id)];
    expect([fa!.emMaos, fb!.emMaos]).toEqual([1, 4]);
    const rows = await ledger(varianteId);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.emMaosDepois).toBeGreaterThanOrEqual(r.reservadoDepois);
      expect(r.emMaosDepois).toBeGreaterThanOrEqual(0);
    }
    const sum = (unidadeId: string) =>
      rows.filter((r) => r.unidadeId === unidadeId).reduce((s, r) => s + r.deltaEmMaos, 0);
    expect(5 + sum(a.id)).toBe(fa!.emMaos);
    expect(sum(b.id)).toBe(fb!.emMaos);
  });
});

describe("admin stock: minimum and 'abaixo do mínimo'", () => {
  it("sets a minimum per variant and unit, and filters the variants below it", async () => {
    const a = await makeUnit();
    const b = await makeUnit();
    const low = await makeVariant(
      { [a.id]: { emMaos: 5, reservado: 2 }, [b.id]: { emMaos: 1 } },
      { nome: `Ração Golden Adulto ${hex()}`, rotulo: "15 kg" },
    );
    const fine = await makeVariant({ [a.id]: { emMaos: 10 } });

    const set = await post({
      intent: "stock-minimum",
      varianteId: low.varianteId,
      unidadeId: a.id,
      minimo: "4",
    });
    expect(set.data).toMatchObject({ ok: true, message: "Mínimo salvo" });
    await post({
      intent: "stock-minimum",
      varianteId: fine.varianteId,
      unidadeId: a.id,
      minimo: "5",
    });
    expect(await figures(low.varianteId, a.id)).toMatchObject({ minimo: 4, disponivel: 3 });
    // A minimum is no stock movement: no ledger row, an audit entry.
    expect(await ledger(low.varianteId)).toHaveLength(0);
    expect((await auditOf("stock_minimum", low.varianteId))[0]!.details).toMatchObject({
      minimo_antes: 0,
      minimo: 4,
    });

    const load = async (query: string) =>
      (await call(loader, makeRequest(`/admin/estoque?${query}`, { token }))).data;

    const atA = await load(`abaixo=1&unidade=${a.id}`);
    const ids = atA.listing.rows.map((r: { varianteId: string }) => r.varianteId);
    expect(ids).toContain(low.varianteId);
    expect(ids).not.toContain(fine.varianteId);
    expect(atA.filters).toEqual({ q: "", unidadeId: a.id, abaixoDoMinimo: true });
    const row = atA.listing.rows.find(
      (r: { varianteId: string }) => r.varianteId === low.varianteId,
    );
    expect(row).toMatchObject({ rotulo: "15 kg", sku: low.sku, nome: `${low.nome} — 15 kg` });
    expect(row.porUnidade).toEqual([
      {
        unidadeId: a.id,
        unidadeNome: a.nome,
        emMaos: 5,
        reservado: 2,
        disponivel: 3,
        minimo: 4,
        abaixoDoMinimo: true,
        emTransito: 0,
        enviadoEmTransito: 0,
      },
    ]);

    // At b the variant has no minimum: not below it there.
    const atB = await load(`abaixo=1&unidade=${b.id}`);
    expect(atB.listing.rows.map((r: { varianteId: string }) => r.varianteId)).not.toContain(
      low.varianteId,
    );
    // Any unit: below at a.
    const any = await load("abaixo=1");
    expect(any.listing.rows.map((r: { varianteId: string }) => r.varianteId)).toContain(
      low.varianteId,
    );

    // Removing the minimum (0) takes it out of the filter.
    const removed = await post({
      intent: "stock-minimum",
      varianteId: low.varianteId,
      unidadeId: a.id,
      minimo: "0",
    });
    expect(removed.data.message).toBe("Mínimo removido");
    const after = await load(`abaixo=1&unidade=${a.id}`);
    expect(after.listing.rows.map((r: { varianteId: string }) => r.varianteId)).not.toContain(
      low.varianteId,
    );
  });

  it("searches by name without accents, and by SKU; every active unit has its figures", async () => {
    const a = await makeUnit();
    const tag = hex();
    const v = await makeVariant(
      { [a.id]: { emMaos: 7 } },
      { nome: `Ração Élite Filhotes ${tag}`, sku: `RE-${tag}-3KG` },
    );
    const byName = await call(
      loader,
      makeRequest(`/admin/estoque?q=${encodeURIComponent(`RACAO elite ${tag}`)}`, { token }),
    );
    expect(byName.data.listing.total).toBe(1);
    const [row] = byName.data.listing.rows;
    expect(row.varianteId).toBe(v.varianteId);
    // The migration's two units and the test's: no row there reads as 0.
    expect(row.porUnidade.length).toBe(byName.data.listing.unidades.length);
    expect(row.porUnidade.find((f: { unidadeId: string }) => f.unidadeId === a.id)).toMatchObject({
      emMaos: 7,
      disponivel: 7,
    });
    const others = row.porUnidade.filter((f: { unidadeId: string }) => f.unidadeId !== a.id);
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(f).toMatchObject({ emMaos: 0, reservado: 0, minimo: 0 });

    const bySku = await call(
      loader,
      makeRequest(`/admin/estoque?q=${encodeURIComponent(`re-${tag}-3kg`)}`, { token }),
    );
    expect(bySku.data.listing.rows.map((r: { varianteId: string }) => r.varianteId)).toEqual([
      v.varianteId,
    ]);
    const odd = await call(
      loader,
      makeRequest("/admin/estoque?unidade=x&pagina=-2&abaixo=sim", { token }),
    );
    expect(odd.status).toBe(200);
    expect(odd.data.filters).toEqual({ q: "", unidadeId: "", abaixoDoMinimo: false });
    expect(odd.data.listing.page).toBe(1);
  });
});

describe("admin stock: a variant's history", () => {
  it("lists its movements newest first, in pt-BR words, with order, reason, user and date", async () => {
    const a = await makeUnit("Unidade A");
    const b = await makeUnit("Unidade B");
    const { varianteId } = await makeVariant({});

    // 09:00 (São Paulo): the stock imported at a.
    await transaction((tx) =>
      inventory.setStockInHand(
        tx,
        {
          varianteId,
          unidadeId: a.id,
          emMaos: 10,
          tipo: "importacao",
          motivo: "Planilha",
        },
        clock.now(),
      ),
    );
    clock.advance(60_000);
    // 09:01: counted at a.
    expect((await adjust(varianteId, a.id, "8", "Contagem mensal")).status).toBe(200);
    clock.advance(60_000);
    // 09:02: 3 to b (two movements of one instant).
    expect((await move(varianteId, a.id, b.id, 3, "Reposição")).status).toBe(200);
    // Received at b in the same minute (the entrada comes with the receive, decision 0076).
    expect(await receiveAll(varianteId)).toBe(1);
    clock.advance(60_000);
    // 09:03: an order reserves 2 at a; 09:04: it is handed over.
    const numero = `PED-${hex()}`;
    const pedidoId = await transaction(async (tx) => {
      const [order] = await queryRows<{ id: string }>(
        tx,
        sql`insert into pedidos (numero_pedido, token_hash, cliente_nome, cliente_telefone,
              cliente_endereco, cliente_bairro, subtotal, taxa_entrega, total, forma_pagamento,
              unidade_id, modo)
            values (${numero}, ${hex()}, 'Maria', '47988887777', '', '', '20.00', '0', '20.00',
              'dinheiro', ${a.id}, 'retirada')
            returning id`,
      );
      const reserved = await inventory.reserveStock(
        tx,
        a.id,
        [{ varianteId, quantidade: 2 }],
        order!.id,
        clock.now(),
      );
      expect(reserved.ok).toBe(true);
      return order!.id;
    });
    clock.advance(60_000);
    await transaction((tx) =>
      inventory.moveOrderStock(
        tx,
        "venda",
        { id: pedidoId, unidadeId: a.id },
        [{ varianteId, quantidade: 2 }],
        clock.now(),
      ),
    );

    const { status, data } = await call(
      historyLoader,
      makeRequest(`/admin/estoque/${varianteId}`, { token }),
      { varianteId },
    );
    expect(status).toBe(200);
    const lines = data.history.movimentos;
    expect(
      lines.map((m: Record<string, unknown>) => [
        m.tipoLabel,
        m.unidadeNome,
        m.deltaEmMaos,
        m.deltaReservado,
        m.emMaosDepois,
        m.reservadoDepois,
        m.numeroPedido,
        m.data,
      ]),
    ).toEqual([
      ["Venda", "Unidade A", -2, -2, 3, 0, numero, "10/03/2026 09:04"],
      ["Reserva", "Unidade A", 0, 2, 5, 2, numero, "10/03/2026 09:03"],
      ["Transferência (entrada)", "Unidade B", 3, 0, 3, 0, null, "10/03/2026 09:02"],
      ["Transferência (saída)", "Unidade A", -3, 0, 5, 0, null, "10/03/2026 09:02"],
      ["Ajuste", "Unidade A", -2, 0, 8, 0, null, "10/03/2026 09:01"],
      ["Importação", "Unidade A", 10, 0, 10, 0, null, "10/03/2026 09:00"],
    ]);
    expect(lines.map((m: { motivo: string | null }) => m.motivo)).toEqual([
      null,
      null,
      "Reposição",
      "Reposição",
      "Contagem mensal",
      "Planilha",
    ]);
    expect(lines.map((m: { usuarioEmail: string | null }) => m.usuarioEmail)).toEqual([
      null,
      null,
      admin.email,
      admin.email,
      admin.email,
      null,
    ]);
    expect(data.history.total).toBe(6);
    expect(
      data.history.variante.porUnidade.filter((f: { unidadeId: string }) =>
        [a.id, b.id].includes(f.unidadeId),
      ),
    ).toMatchObject([
      { unidadeId: a.id, emMaos: 3, reservado: 0, disponivel: 3 },
      { unidadeId: b.id, emMaos: 3, reservado: 0, disponivel: 3 },
    ]);
  });

  it("answers 404 for a variant that does not exist", async () => {
    for (const varianteId of [crypto.randomUUID(), "nao-e-id"]) {
      const result = await call(
        historyLoader,
        makeRequest(`/admin/estoque/${varianteId}`, { token }),
        { varianteId },
      );
      expect(result.status).toBe(404);
    }
  });
});

describe("admin stock: a large catalogue", () => {
  it("counts the variants up to 10,000 and says 'mais de'; a search is counted exactly", async () => {
    const { varianteId } = await makeVariant({}, { nome: "Parafuso Sortido Grande" });
    const [{ produtoId }] = (await queryRows<{ produtoId: string }>(
      db(),
      sql`select produto_id as "produtoId" from variantes where id = ${varianteId}`,
    )) as [{ produtoId: string }];
    // 10,000 more sizes of one product: more variants than the screen counts.
    await db().execute(
      sql`insert into variantes (produto_id, sku, rotulo, opcao1, preco, posicao)
          select ${produtoId}::uuid, 'PARAF-' || i, i || ' mm', i::text, '1.00', i
          from generate_series(1, 10000) i`,
    );
    const { data } = await call(loader, makeRequest("/admin/estoque", { token }));
    expect(data.listing).toMatchObject({ total: 10_000, totalExato: false });
    const searched = await call(loader, makeRequest("/admin/estoque?q=paraf-999", { token }));
    // PARAF-999 and PARAF-9990 to PARAF-9999.
    expect(searched.data.listing).toMatchObject({ total: 11, totalExato: true });
  });

  it("pages by keyset: next and previous pages follow the order with no row lost or repeated", async () => {
    const get = async (query: string) =>
      (await call(loader, makeRequest(`/admin/estoque?q=parafuso${query}`, { token }))).data
        .listing as {
        rows: { sku: string }[];
        page: number;
        anterior: string | null;
        proxima: string | null;
      };
    const skus = (l: { rows: { sku: string }[] }) => l.rows.map((r) => r.sku);
    const first = await get("");
    expect(first.anterior).toBeNull();
    // Walk 5 pages forward: 100 rows in the screen's order (the product's first, then by position).
    const walked = [...skus(first)];
    let page = first;
    for (let n = 2; n <= 5; n++) {
      page = await get(`&pagina=${n}&depois=${page.proxima}`);
      expect(page.page).toBe(n);
      walked.push(...skus(page));
    }
    const offsetPages = [];
    for (let n = 1; n <= 5; n++) offsetPages.push(...skus(await get(`&pagina=${n}`)));
    expect(walked).toEqual(offsetPages);
    expect(new Set(walked).size).toBe(100);
    // Back one page: the rows of page 4, as walked.
    const back = await get(`&pagina=4&antes=${page.anterior}`);
    expect(skus(back)).toEqual(walked.slice(60, 80));
    // Back to the start: the first page, whole; a cursor the screen never wrote: the page
    // number alone, as an old link's.
    const start = await get(
      `&pagina=1&antes=${(await get(`&pagina=2&depois=${first.proxima}`)).anterior}`,
    );
    expect(skus(start)).toEqual(skus(first));
    expect(skus(await get("&pagina=2&depois=lixo"))).toEqual(walked.slice(20, 40));
  });
});
