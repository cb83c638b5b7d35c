// An admin page's loader failure: logged and answered as a 500 that carries the page's
// message for the one admin error screen; a success passes the data through.
import { describe, expect, it } from "vitest";
import { loadOrFail } from "~/platform/admin/load.server";

describe("loadOrFail", () => {
  it("passes the page's data through", async () => {
    expect(await loadOrFail("Erro ao carregar dados", async () => ({ n: 1 }))).toEqual({ n: 1 });
  });

  it("turns a failure into a 500 with the page's message", async () => {
    const thrown = await loadOrFail("Erro ao carregar dados de segurança", async () => {
      throw new Error("conexão recusada");
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      data: { message: "Erro ao carregar dados de segurança" },
      init: { status: 500 },
    });
  });
});
