// Issue 41 point 5: every action has a name on it. An order's status changed by Ana, a stock
// count by Bruno and a booking moved by Ana show "Por: Ana (Atendente, Unidade Meia Praia)"
// in the histories; the security screen lists sign-ins per person. Through the real routes
// on the real database (PGlite, and PostgreSQL with DATABASE_URL).
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ChangeHistory } from "~/components/admin/change-history";
import { addWalkIn } from "~/modules/grooming/index.server";
import { agendasBanho } from "~/modules/grooming/testing.server";
import { placeOrder } from "~/modules/orders/index.server";
import * as estoque from "~/routes/admin/estoque";
import * as estoqueHistorico from "~/routes/admin/estoque-historico";
import * as loginRoute from "~/routes/admin/login";
import { loader as lojaLoader } from "~/routes/admin/loja";
import { loader as securityLoader } from "~/routes/admin/security";
import * as agenda from "~/routes/admin/servicos-agenda";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { PROOF_AGENDA_LIMITS, smallDogWalkIn } from "../support/agenda";
import { withDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { postLoja } from "../support/loja-actions";
import { call } from "../support/routes";
import { STAFF_PASSWORD, type StaffSession, staffSession, withStaff } from "../support/staff";

const ctx = withTestDatabase();
const shop = withDemoShop();
const product = factories.productsIn(ctx);
const ANA = "Ana (Atendente, Unidade Meia Praia)";

const team = withStaff(shop, {
  ana: ["atendente", "Ana", "meiaPraia"],
  dono: ["dono", "Dora", "todas"],
});

let variantId: string;

beforeAll(async () => {
  variantId = (await product({ nome: "Ração Autoria 10 kg", preco: 9990, estoque: 10 })).id;
});

const get = (path: string, who: StaffSession) => makeRequest(path, { token: who.token });

describe("who did it", () => {
  it("an order's history shows the status change Ana made, with her role and unit", async () => {
    const placed = await placeOrder(
      factories.orderInput([{ varianteId: variantId, quantidade: 1 }], {
        modo: "retirada",
        unidadeId: shop.unidadeId,
        formaPagamento: "balcao",
      }),
    );
    if (!placed.ok) throw new Error("pedido recusado");
    const changed = await postLoja(
      "pedidos",
      { intent: "order-status", id: placed.pedido.id, status: "preparo" },
      team.ana.token,
    );
    expect(changed.data).toMatchObject({ ok: true });
    const list = await call(
      lojaLoader,
      get(`/admin/loja?view=pedidos&q=${placed.pedido.numeroPedido}`, team.dono),
    );
    const [order] = list.data.pedidos.orders;
    expect(order.historico).toEqual([
      { em: expect.any(String), acao: "Status: Novo → Em Preparo", por: ANA },
    ]);
    const html = renderToString(ChangeHistory({ entries: order.historico, automatic: "-" })!);
    expect(html).toContain(`Por: ${ANA}`);
  });

  it("a stock count names Bruno; a person without a name is shown by e-mail, every unit in words", async () => {
    const bruno = await staffSession({
      papel: "gerente",
      unidades: [shop.unidadeId],
      nome: "Bruno",
    });
    const nameless = await staffSession({
      papel: "dono",
      unidades: null,
      email: "sem.nome@teste.com",
    });
    for (const [who, emMaos] of [
      [bruno, "7"],
      [nameless, "8"],
    ] as const) {
      const result = await call(
        estoque.action,
        formRequest(
          "/admin/estoque",
          {
            intent: "stock-adjust",
            varianteId: variantId,
            unidadeId: shop.unidadeId,
            emMaos,
            motivo: "Contagem",
          },
          { token: who.token },
        ),
      );
      expect(result.data).toMatchObject({ ok: true });
    }
    const history = await call(
      estoqueHistorico.loader,
      get(`/admin/estoque/${variantId}`, team.dono),
      {
        varianteId: variantId,
      },
    );
    const [latest, before] = history.data.history.movimentos;
    expect(latest.por).toBe("sem.nome@teste.com (Dono, todas as unidades)");
    expect(before.por).toBe("Bruno (Gerente, Unidade Meia Praia)");
  });

  it("a booking's history names who moved it", async () => {
    const db = ctx.database.db;
    const banho = await factories.insertSmallBath("banho-autoria", db);
    await db.delete(agendasBanho);
    await db.insert(agendasBanho).values({
      unidadeId: shop.unidadeId,
      horarios: Array.from({ length: 7 }, () => ["08:00"]),
      ...PROOF_AGENDA_LIMITS,
      statusInicial: "confirmado",
    });
    const day = "2026-12-03";
    const booking = await addWalkIn(
      smallDogWalkIn({
        unidadeId: shop.unidadeId,
        data: day,
        nomeTutor: "Tutor",
        servicoId: banho!.id,
      }),
      team.dono.actor("/admin/servicos/agenda"),
      { now: new Date("2026-12-01T12:00:00Z") },
    );
    const moved = await call(
      agenda.action,
      formRequest(
        "/admin/servicos/agenda",
        { intent: "status", id: booking.id, status: "em_atendimento" },
        { token: team.ana.token },
      ),
    );
    expect(moved.data).toMatchObject({ ok: true });
    const page = await call(
      agenda.loader,
      get(`/admin/servicos/agenda?unidade=${shop.unidadeId}&dia=${day}`, team.dono),
    );
    const [card] = page.data.agendaDay.agendamentos;
    expect(card.registro).toEqual([
      { em: expect.any(String), acao: "Encaixe no balcão", por: "Dora (Dono, todas as unidades)" },
      { em: expect.any(String), acao: "Status: Confirmado → Em atendimento", por: ANA },
    ]);
  });

  it("the security screen lists sign-ins per person and each entry's author", async () => {
    const login = await call(
      loginRoute.action,
      formRequest(
        "/admin/login",
        { email: team.ana.user.email, password: STAFF_PASSWORD, redirectTo: "" },
        { ip: "10.9.8.7" },
      ),
    );
    expect(login.response?.status).toBe(302);
    const screen = await call(securityLoader, get("/admin/security", team.dono));
    const { entradasPorPessoa, auditoria } = screen.data.overview;
    expect(entradasPorPessoa).toContainEqual(
      expect.objectContaining({ adminUserId: team.ana.user.id, entradas: 1, por: ANA }),
    );
    expect(auditoria).toContainEqual(
      expect.objectContaining({ action: "successful_login", por: ANA }),
    );
    // One person's entries only.
    const hers = await call(
      securityLoader,
      get(`/admin/security?pessoa=${team.ana.user.id}`, team.dono),
    );
    const actions = hers.data.overview.auditoria.map((e: { adminUserId: string }) => e.adminUserId);
    expect(new Set(actions)).toEqual(new Set([team.ana.user.id]));
    expect(hers.data.overview.pessoa).toEqual({ id: team.ana.user.id, por: ANA });
  });
});
