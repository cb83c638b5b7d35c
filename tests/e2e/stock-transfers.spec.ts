// Transfers in transit (issue 41, decision 0076), on a 390 px phone: a gerente of Meia Praia
// sends 5 sacks to Centro (they leave Meia Praia at once); an atendente of Centro finds them
// under Transferências, is asked the reason when only 4 arrived, receives 4 with it, and sees
// the 4 in Centro's stock and the difference in the history with her name. Its own server, so
// the units, the product and the two people are written in its database before it starts.
// The atendente's phone runs no scripts: receiving is a plain form.
import { runSql } from "~/platform/db/client.server";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSeriousA11yViolations, expectNoSideScroll, phone, test } from "./fixtures";
import { GIL, ownShop, seedShelf, seedStaff, unitId, whileServing } from "./own-shop";

const { port: PORT, base: BASE, signIn } = ownShop(37);
const PHONE = phone(390);
const PRODUTO = "Ração Trânsito Adulto 15 kg";

test("a gerente sends 5 from Meia Praia to Centro; an atendente of Centro receives 4 with the reason", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, seeded: produtoId } = await startSeededServer(
    PORT,
    "transferencias",
    async (db) => {
      const meiaPraia = await unitId(db, "meia-praia");
      const [centro] = await runSql<{ id: string }>(
        db,
        `insert into unidades (slug, nome, endereco, bairro, cidade, uf, horarios, retirada_ativa, posicao)
       values ('centro', 'Unidade Centro', 'Rua 300, 50', 'Centro', 'Itapema', 'SC',
         '[null,null,null,null,null,null,null]'::jsonb, true, 5) returning id`,
        [],
      );
      await seedStaff(db, { ...GIL, unidades: [meiaPraia] });
      await seedStaff(db, {
        email: "ana@agropet.test",
        nome: "Ana",
        papel: "atendente",
        unidades: [centro!.id],
      });
      const [produtoId] = await seedShelf(db, meiaPraia, "Rações", [
        { nome: PRODUTO, sku: "RTA-15", preco: "159.90", emMaos: 20 },
      ]);
      return produtoId!;
    },
  );
  await whileServing(server, async () => {
    // The gerente of Meia Praia sends 5 to Centro.
    const gilContext = await browser.newContext(PHONE);
    const gil = await gilContext.newPage();
    await signIn(gil, GIL.email, "/admin/estoque?q=Transito");
    await expect(gil.getByRole("heading", { name: "Estoque", exact: true })).toBeVisible();
    await gil.getByRole("button", { name: /^Transferir/ }).click();
    const dialog = gil.getByRole("dialog");
    await dialog.getByLabel("Para").selectOption({ label: "Unidade Centro" });
    await dialog.getByLabel("Quantidade").fill("5");
    await dialog.getByLabel("Motivo (opcional)").fill("Reposição do Centro");
    await dialog.getByRole("button", { name: "Transferir" }).click();
    await expect(gil.getByText("Transferência enviada")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Out of Meia Praia at once: 15 in hand.
    await gil.reload();
    await expect(gil.locator("li").filter({ hasText: "Unidade Meia Praia" }).first()).toContainText(
      "15",
    );
    await gil.goto(`${BASE}/admin/estoque/transferencias`);
    const sent = gil.getByRole("region", { name: /Enviadas pelas suas unidades/ });
    await expect(sent.getByText(PRODUTO)).toBeVisible();
    await expect(sent.getByText("Em trânsito", { exact: true })).toBeVisible();
    await expectNoSideScroll(gil);
    await expectNoSeriousA11yViolations(gil);

    // The atendente of Centro, on a phone whose scripts did not load (plain forms): "1 a
    // receber" from the stock screen.
    const anaContext = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const ana = await anaContext.newPage();
    await signIn(ana, "ana@agropet.test", "/admin/estoque?q=Transito");
    // Centro has none yet, and shows the 5 on their way.
    await expect(ana.getByText("em trânsito: 5")).toBeVisible();
    await ana.getByRole("link", { name: "Transferências (1 a receber)" }).click();
    await expect(ana.getByRole("heading", { name: "Transferências", exact: true })).toBeVisible();
    const toReceive = ana.getByRole("region", { name: /A receber nas suas unidades/ });
    await expect(toReceive.getByText("Por: Gil (Gerente, Unidade Meia Praia)")).toBeVisible();
    await expectNoSideScroll(ana);

    // Only 4 arrived: the reason is asked for, and what was typed stays.
    await toReceive.getByLabel("Chegaram").fill("4");
    await toReceive.getByRole("button", { name: "Receber" }).click();
    await expect(toReceive.getByText(/Informe o motivo da diferença \(1 a menos\)/)).toBeVisible();
    await expect(toReceive.getByLabel("Chegaram")).toHaveValue("4");
    await toReceive.getByLabel("Motivo da diferença").fill("1 saco rasgado");
    await toReceive.getByRole("button", { name: "Receber" }).click();
    const recent = ana.getByRole("region", { name: /Últimos 30 dias/ });
    await expect(recent.getByText("Recebida com diferença")).toBeVisible();
    await expect(recent.getByText(/Por: Ana \(Atendente, Unidade Centro\)/)).toBeVisible();
    await expect(recent.getByText(/Diferença: 1 saco rasgado/)).toBeVisible();
    await expect(
      toReceive.getByText("Nenhuma transferência a caminho das suas unidades."),
    ).toBeVisible();

    // Centro's stock: 4 in hand, and the loss in the variant's history with her name.
    await ana.goto(`${BASE}/admin/estoque/${produtoId}`);
    await expect(ana.getByText("Perda na transferência")).toBeVisible();
    await expect(ana.getByText("1 saco rasgado")).toBeVisible();
    await expect(ana.getByText(/Ana \(Atendente, Unidade Centro\)/).first()).toBeVisible();
    await expect(ana.getByText("em trânsito: 5")).toHaveCount(0);
    await expectNoSideScroll(ana);
    await anaContext.close();
    await gilContext.close();
  });
});
