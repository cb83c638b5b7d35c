// The customer's pages of "compra programada" (issue 45 points 1 and 3, decision 0086): the
// subscribe form in the account (terms required, the subscription stored with the version and
// the confirmation queued), the reminder's signed link opening the subscription without
// signing in and cancelling it in one click with a protocol, a forged link finding nothing, and
// another customer unable to act on it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import { emails } from "~/modules/mail/testing.server";
import { anonymiseSubject } from "~/modules/privacy/index.server";
import { assinaturas, subscriptionToken } from "~/modules/subscriptions/testing.server";
import { action as linkAction, loader as linkLoader } from "~/routes/conta/assinatura";
import { action as accountAction, loader as accountLoader } from "~/routes/conta/assinaturas";
import { makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { call } from "../support/routes";
import { rowsWhere } from "../support/rows";
import { subscriptionForm, withSubscriptionShop } from "../support/subscriptions";

const shop = withSubscriptionShop({
  nome: "Ração Premier 10 kg",
  preco: 15000,
  emMaos: 20,
  pesoG: 10_000,
});
const { ctx } = shop;

/** The account's subscribe form sent by this customer with these fields. */
const subscribeInAccount = (cookie: string, fields: Record<string, string>) =>
  call(
    accountAction,
    makeRequest("/conta/assinaturas", {
      method: "POST",
      body: new URLSearchParams(
        subscriptionForm(shop.racao.id, shop.unidade, { intent: "assinar", ...fields }),
      ),
      headers: { cookie },
    }),
  );

describe("subscribing in the account", () => {
  it("shows the terms, refuses without the checkbox (nothing stored), then subscribes", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    const page = await call(
      accountLoader,
      makeRequest(`/conta/assinaturas?v=${shop.racao.id}&gramas=250`, { headers: { cookie } }),
    );
    // 10 kg at 250 g a day: 40 days.
    expect(page.data.nova).toMatchObject({ sugerido: 40, itens: [{ id: shop.racao.id }] });

    const refused = await subscribeInAccount(cookie, {});
    expect(refused.status).toBe(400);
    expect(refused.data.errors.termos).toMatch(/aceite os termos/);
    expect(await ctx.database.db.select().from(assinaturas)).toHaveLength(0);

    const done = await subscribeInAccount(cookie, { termos: "1" });
    expect(done.response?.status).toBe(303);
    const [row] = await ctx.database.db.select().from(assinaturas);
    expect(row).toMatchObject({ estado: "ativa", intervaloDias: 30, lembretes: true });
    expect(row!.termosVersao).toBeTruthy();
    const queued = await rowsWhere(emails, eq(emails.tipo, "assinatura_confirmada"));
    expect(queued).toHaveLength(1);
  });
});

describe("the reminder's signed link", () => {
  it("opens without signing in, cancels in one click with a protocol; a forged link finds nothing", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    await subscribeInAccount(cookie, { termos: "1" });
    const [row] = await ctx.database.db.select().from(assinaturas);
    const id = row!.id;
    const list = await call(
      accountLoader,
      makeRequest("/conta/assinaturas", { headers: { cookie } }),
    );
    expect(list.data.assinaturas).toHaveLength(1);
    // The token the e-mails carry (subscriptionView gives it to the composer).
    const t = subscriptionToken(id);

    const forged = await call(
      linkLoader,
      makeRequest(`/conta/assinaturas/${id}?t=${"x".repeat(32)}`),
      {
        id,
      },
    );
    expect(forged.status).toBe(404);
    const opened = await call(linkLoader, makeRequest(`/conta/assinaturas/${id}?t=${t}`), { id });
    expect(opened.data.assinatura).toMatchObject({ id, estado: "ativa" });

    // Another customer, signed in, without the link: nothing.
    const other = await customerCookie("bia@example.com");
    const stranger = await call(
      linkAction,
      makeRequest(`/conta/assinaturas/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "cancelar" }),
        headers: { cookie: other.cookie },
      }),
      { id },
    );
    expect(stranger.status).toBe(404);

    const cancelled = await call(
      linkAction,
      makeRequest(`/conta/assinaturas/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "cancelar", t }),
      }),
      { id },
    );
    expect(cancelled.response?.status).toBe(303);
    const [after] = await ctx.database.db.select().from(assinaturas);
    expect(after).toMatchObject({ estado: "cancelada" });
    expect(after!.protocoloCancelamento).toMatch(/^AS\d{14}$/);
    const mail = await rowsWhere(emails, eq(emails.tipo, "assinatura_cancelada"));
    expect(mail).toMatchObject([
      { destinatario: "ana@example.com", dados: { protocolo: after!.protocoloCancelamento } },
    ]);
  });
});

describe("the customer's personal data", () => {
  it("erasing the account's e-mail takes its subscriptions with it", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    await subscribeInAccount(cookie, { termos: "1" });
    expect(await ctx.database.db.select().from(assinaturas)).toHaveLength(1);
    const { user } = await factories.makeAdmin();
    await anonymiseSubject(
      { kind: "email", email: "ana@example.com" },
      { userId: user.id, request: new Request("http://localhost/admin/privacidade") },
    );
    expect(await ctx.database.db.select().from(assinaturas)).toHaveLength(0);
  });
});
