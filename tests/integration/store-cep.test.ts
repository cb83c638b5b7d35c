// CEP at the checkout (decision 0041) over real HTTP: ViaCEP first, BrasilAPI when it fails,
// is slow or does not know the CEP; a short timeout; a bad CEP refused before any request;
// the neighbourhood matched to the served ones; the same answer through the JSON route and
// through the checkout's "Buscar CEP" (a browser without JavaScript).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetCepLookups } from "~/modules/delivery/index.server";
import { resetEnvCache } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { loader as cepLoader } from "~/routes/loja/cep";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { startFakeCep } from "../support/fake-cep";
import { call, expectFilled } from "../support/routes";

const ctx = withTestDatabase();
let fake: Awaited<ReturnType<typeof startFakeCep>>;

beforeAll(async () => {
  fake = await startFakeCep();
  process.env.CEP_VIACEP_URL = fake.url;
  process.env.CEP_BRASILAPI_URL = fake.url;
  // Long enough for the local fake to answer on a loaded machine; its "slow" answers take
  // far longer, so a lookup that returns in time was cut by the timeout.
  process.env.CEP_TIMEOUT_MS = "1500";
  resetEnvCache();
});
afterAll(async () => {
  await fake.close();
  delete process.env.CEP_VIACEP_URL;
  delete process.env.CEP_BRASILAPI_URL;
  delete process.env.CEP_TIMEOUT_MS;
  resetEnvCache();
});
beforeEach(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
  forgetCepLookups();
  fake.state.viacep = "ok";
  fake.state.brasilapi = "ok";
  fake.state.slowMs = 10_000;
  fake.state.asked = [];
  fake.state.addresses.clear();
  fake.state.addresses.set("88220000", {
    rua: "Rua 300",
    bairro: "CENTRO",
    cidade: "Itapema",
    uf: "SC",
  });
  fake.state.addresses.set("88221000", {
    rua: "Avenida Nereu Ramos",
    bairro: "Sertão do Trombudo",
    cidade: "Itapema",
    uf: "SC",
  });
  fake.state.addresses.set("88330000", {
    rua: "Rua 500",
    bairro: "Centro",
    cidade: "Balneário Camboriú",
    uf: "SC",
  });
});

async function lookup(cep: string, ip = "10.0.0.1") {
  const result = await call(cepLoader as never, makeRequest(`/loja/cep/${cep}`, { ip }), { cep });
  return {
    status: result.response!.status,
    body: (await result.response!.json()) as Record<string, unknown>,
  };
}

describe("CEP lookup", () => {
  it("ViaCEP answers: street, the served neighbourhood by the shop's own name, city", async () => {
    const { status, body } = await lookup("88220-000");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      cep: "88220-000",
      rua: "Rua 300",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      atendido: true,
    });
    expect(fake.state.asked).toEqual(["viacep"]);
  });

  it("BrasilAPI answers when ViaCEP is down, slow or does not know the CEP", async () => {
    for (const mode of ["down", "slow", "not-found"] as const) {
      forgetCepLookups();
      fake.state.asked = [];
      fake.state.viacep = mode;
      const started = Date.now();
      const { status, body } = await lookup("88220000");
      expect(status).toBe(200);
      expect(body).toMatchObject({ rua: "Rua 300", bairro: "Centro", atendido: true });
      expect(fake.state.asked).toEqual(["viacep", "brasilapi"]);
      expect(Date.now() - started).toBeLessThan(8_000); // the timeout, not the slow answer
    }
  });

  it("both down or slow: 503 and the customer types the address", async () => {
    fake.state.viacep = "slow";
    fake.state.brasilapi = "down";
    const { status, body } = await lookup("88220000");
    expect(status).toBe(503);
    expect(body.erro).toBe("Não foi possível consultar o CEP agora. Preencha o endereço abaixo.");
    // A failure is not kept: the next try asks again.
    fake.state.viacep = "ok";
    expect((await lookup("88220000")).status).toBe(200);
  });

  it("a service that is down is one warning line each, without a stack (issue 39)", async () => {
    fake.state.viacep = "slow";
    fake.state.brasilapi = "down";
    const warn = vi.spyOn(logger, "warn");
    const error = vi.spyOn(logger, "error");
    try {
      expect((await lookup("88220000")).status).toBe(503);
      const lines = warn.mock.calls.map((call) => JSON.stringify(call));
      expect(lines).toHaveLength(2);
      expect(warn.mock.calls[0]![0]).toEqual({
        fonte: "viacep",
        motivo: expect.stringMatching(/^sem resposta em \d+ ms$/),
      });
      expect(warn.mock.calls[0]![1]).toBe("serviço de CEP viacep indisponível");
      expect(warn.mock.calls[1]![0]).toEqual({ fonte: "brasilapi", motivo: "HTTP 502" });
      for (const line of lines) {
        expect(line).not.toMatch(/\bat .+:\d+:\d+|"err"|stack/);
      }
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it("a CEP nobody knows is 404; a malformed one is 400 before any request", async () => {
    expect(await lookup("99999999")).toEqual({
      status: 404,
      body: { erro: "CEP não encontrado. Confira o número ou preencha o endereço." },
    });
    fake.state.asked = [];
    for (const bad of ["1234", "00000000", "8822a000"]) {
      const { status, body } = await lookup(bad);
      expect(status).toBe(400);
      expect(body.erro).toBe("CEP inválido. Informe os 8 números do CEP.");
    }
    expect(fake.state.asked).toEqual([]);
  });

  it("says when the shop does not deliver there (neighbourhood not served, or another town)", async () => {
    const morretes = await lookup("88221000");
    expect(morretes.body).toMatchObject({ bairro: "Sertão do Trombudo", atendido: false });
    expect(morretes.body.mensagem).toMatch(
      /^Ainda não entregamos em Sertão do Trombudo, Itapema\/SC/,
    );
    const elsewhere = await lookup("88330000");
    expect(elsewhere.body).toMatchObject({ bairro: "Centro", atendido: false });
  });

  it("keeps answers: a CEP asked again does not reach the services", async () => {
    await lookup("88220000");
    await lookup("88220000");
    expect(fake.state.asked).toEqual(["viacep"]);
  });

  it("counts lookups per IP: past the limit, 429 in Portuguese", async () => {
    let last = 0;
    for (let i = 0; i < 41; i++) {
      fake.state.addresses.set(`8822${String(i).padStart(4, "0")}`, {
        rua: "Rua",
        bairro: "Centro",
        cidade: "Itapema",
        uf: "SC",
      });
      forgetCepLookups();
      last = (await lookup("88220000", "10.9.9.9")).status;
    }
    expect(last).toBe(429);
    expect((await lookup("88220000", "10.9.9.8")).status).toBe(200);
  });

  it("works as a form: the checkout's 'Buscar CEP' fills the street and the neighbourhood", async () => {
    const result = await call(
      checkoutAction as never,
      formRequest("/loja/checkout", { intent: "cep", cep: "88220000", nome: "Cliente" }),
    );
    expectFilled(result, {
      nome: "Cliente",
      cep: "88220-000",
      endereco: "Rua 300",
      bairro: "Centro",
    });
    expect(result.data.cep).toEqual({
      mensagem: "Entregamos em Centro, Itapema/SC. Confira a rua e informe o número.",
      atendido: true,
    });
    fake.state.viacep = "down";
    fake.state.brasilapi = "down";
    const failed = await call(
      checkoutAction as never,
      formRequest("/loja/checkout", { intent: "cep", cep: "88221000", endereco: "Minha rua" }),
    );
    expect(failed.data.values.endereco).toBe("Minha rua");
    expect(failed.data.cep.mensagem).toMatch(/^Não foi possível consultar o CEP/);
  });
});
