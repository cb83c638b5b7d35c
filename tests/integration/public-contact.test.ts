import { beforeEach, describe, expect, it } from "vitest";
import { updateSettings } from "~/modules/shop/index.server";
import { rateLimits } from "~/platform/tables.server";
import { action } from "~/routes/public/contato";
import { action as sendAction } from "~/routes/public/contato-enviar";
import { loader as layoutLoader } from "~/routes/public/layout";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { call, responseOf } from "../support/routes";

const ctx = withTestDatabase();

const message = {
  nome: "Ana",
  telefone: "(47) 98888-0000",
  email: "",
  pet: "Mel",
  mensagem: "Oi! Tem ração?",
};

const callAction = (request: Request) => call(action, request);

beforeEach(async () => {
  await truncateAll(ctx.database);
});

describe("contact form", () => {
  it("without JavaScript redirects to the chat with the composed text", async () => {
    const { response } = await callAction(formRequest("/contato", message));
    expect(response!.status).toBe(302);
    const location = response!.headers.get("location")!;
    expect(location.startsWith("https://wa.me/5547999990416?text=")).toBe(true);
    expect(decodeURIComponent(location.split("?text=")[1]!)).toContain("Pet: Mel");
  });

  it("to the page's script answers the chat link as JSON, using the admin's number when set", async () => {
    await updateSettings(ctx.database.db, { whatsappNumero: "(47) 97777-6666" });
    const response = await responseOf(sendAction, formRequest("/contato/enviar", message));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({
      ok: true,
      chatUrl: expect.stringMatching(/^https:\/\/wa\.me\/5547977776666\?text=/),
    });
    const refused = await responseOf(
      sendAction,
      formRequest("/contato/enviar", { ...message, telefone: "47" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fields: { telefone: "Telefone deve ter pelo menos 10 dígitos" },
    });
  });

  it("refuses missing fields and a malformed e-mail", async () => {
    const { data: body, status } = await callAction(
      formRequest("/contato", { nome: "", telefone: "", email: "ana@", mensagem: "" }),
    );
    expect(status).toBe(400);
    expect(Object.keys(body!.fields as object).sort()).toEqual([
      "email",
      "mensagem",
      "nome",
      "telefone",
    ]);
  });

  it("is rate-limited per IP in rate_limits (valid messages only: fixing a typo is not spam)", async () => {
    for (let i = 0; i < 20; i++) {
      const invalid = await callAction(
        formRequest("/contato", { ...message, nome: "" }, { ip: "10.3.3.3" }),
      );
      expect(invalid.status).toBe(400);
    }
    let last: Awaited<ReturnType<typeof callAction>> | undefined;
    for (let i = 0; i < 13; i++)
      last = await callAction(formRequest("/contato", message, { ip: "10.3.3.3" }));
    expect(last!.status).toBe(429);
    const rows = await ctx.database.db.select().from(rateLimits);
    expect(rows).toContainEqual(
      expect.objectContaining({ operation: "form:contato", identifier: "10.3.3.3" }),
    );
  });
});

describe("public layout", () => {
  it("resolves the chat number: the admin's setting overrides the shop's phone", async () => {
    const args = { request: makeRequest("/"), params: {}, context: {} } as never;
    expect((await layoutLoader(args)).chatNumber).toBe("47999990416");
    await updateSettings(ctx.database.db, { whatsappNumero: "47 97777-6666" });
    expect((await layoutLoader(args)).chatNumber).toBe("47977776666");
  });
});
