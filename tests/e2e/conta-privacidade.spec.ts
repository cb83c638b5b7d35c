// "Dados e privacidade" (issue 42 points 6 and 7, decision 0075) on a 390 px phone without
// JavaScript: a signed-in customer turns a consent off, downloads the ZIP of their data (the
// account, the address and Thor with his vaccine), then deletes the account behind the
// confirmation step and is signed out. Its own server, so the customer, their address, pet
// and session are written in its database before it starts (the sign-in by e-mail code is
// another point's page; the session is the one a right code starts).
import fs from "node:fs";
import path from "node:path";
import {
  clientes,
  customerCookie,
  enderecosClientes,
  pets,
  petVacinas,
} from "~/modules/customers/testing.server";
import { startSeededServer } from "../support/own-server";
import { unzip } from "../support/zip";
import { expect, expectNoSeriousA11yViolations, expectNoSideScroll, phone, test } from "./fixtures";
import { ownShop, whileServing } from "./own-shop";

const shop = ownShop(47);
const BASE = shop.base;
const PHONE = phone(390, { javaScriptEnabled: false });

test("a customer without JavaScript downloads their data and deletes their account", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const {
    server,
    dataDir,
    seeded: cookie,
  } = await startSeededServer(shop.port, "conta-privacidade", async (db) => {
    const { clienteId, cookie } = await customerCookie("ana@example.com", BASE, db);
    await db.update(clientes).set({ nome: "Ana Souza" });
    await db.insert(enderecosClientes).values({
      clienteId,
      logradouro: "Rua 300",
      numero: "12",
      bairro: "Meia Praia",
      cidade: "Itapema",
    });
    const [thor] = await db
      .insert(pets)
      .values({ clienteId, nome: "Thor", especie: "cao", porte: "G", pelagem: "longa" })
      .returning();
    await db.insert(petVacinas).values({
      petId: thor!.id,
      tipo: "Antirrábica",
      aplicadaEm: "2026-03-01",
      validaAte: "2027-03-01",
    });
    return cookie;
  });
  await whileServing(server, async () => {
    const { context, name, value } = await shop.customerContext(browser, cookie, PHONE);
    const page = await context.newPage();

    const response = await page.goto(`${BASE}/conta/privacidade`);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    await page.goto(`${BASE}/conta`);
    await page.getByRole("link", { name: "Dados e privacidade" }).click();
    await expect(page.getByRole("heading", { name: "Baixar meus dados" })).toBeVisible();
    await expectNoSideScroll(page);
    // axe runs a script: the same pages, checked in a phone with JavaScript.
    const checker = await browser.newContext({ ...PHONE, javaScriptEnabled: true });
    await checker.addCookies([{ name, value, url: BASE }]);
    const checked = await checker.newPage();
    for (const target of [
      "/conta/privacidade",
      "/conta/privacidade?excluir=1",
      "/conta/excluida",
    ]) {
      await checked.goto(`${BASE}${target}`);
      await expectNoSeriousA11yViolations(checked);
    }
    await checker.close();

    // One click turns booking reminders off, and the page says so.
    const reminders = page.getByTestId("consentimento-agendamentos");
    await expect(reminders).toContainText("Ativado");
    await reminders.getByRole("button", { name: "Desativar" }).click();
    await expect(page.getByRole("status")).toHaveText("Preferência desativada.");
    await expect(page.getByTestId("consentimento-agendamentos")).toContainText("Desativado desde");

    // The ZIP: the account, the address, Thor and his vaccine, the consent just changed.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar meus dados" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = path.join(dataDir, "download.zip");
    await download.saveAs(file);
    const files = await unzip(fs.readFileSync(file));
    expect([...files.keys()]).toEqual(expect.arrayContaining(["LEIA-ME.txt", "dados.json"]));
    const data = JSON.parse(files.get("dados.json")!.toString("utf8"));
    expect(data.contas[0]).toMatchObject({ email: "ana@example.com", nome: "Ana Souza" });
    expect(data.enderecos[0]).toMatchObject({ logradouro: "Rua 300" });
    expect(data.pets[0]).toMatchObject({ nome: "Thor", porte: "G" });
    expect(data.vacinas[0]).toMatchObject({ tipo: "Antirrábica", validaAte: "2027-03-01" });
    expect(data.consentimentos[0]).toMatchObject({
      finalidade: "agendamentos",
      concedido: false,
    });
    fs.rmSync(file);

    // Deleting asks first; "Sim, excluir" ends the account and the session.
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expect(page.getByText("Tem certeza? Isso não pode ser desfeito.")).toBeVisible();
    await page.getByRole("button", { name: "Sim, excluir minha conta" }).click();
    await expect(page.getByRole("heading", { name: "Conta excluída" })).toBeVisible();
    expect((await context.cookies(BASE)).find((c) => c.name === name)).toBeUndefined();

    // Even the old cookie no longer opens the account.
    await context.addCookies([{ name, value, url: BASE }]);
    await page.goto(`${BASE}/conta/privacidade`);
    await expect(page).toHaveURL(/\/conta\/entrar\?voltar=/);
    await context.close();
  });
});
