// A package of baths bought online (issue 45 point 5, decisions 0087 and 0091) on a 360 px
// phone, on a server of its own (PGlite, online Pix against the fake Mercado Pago): the tutor
// books Paçoca's bath; the owner defines "Pacote 4 banhos"; from Paçoca's page in the account
// the tutor buys it by Pix, the provider's notification confirms it, and the account shows
// 4 de 4; the staff deliver the booking (no payment asked: the package pays), and the account
// and the booking's status page show 3 de 4.
import { updateSettings } from "~/modules/shop/index.server";
import {
  type FakeMercadoPago,
  signedPaymentNotice,
  startFakeMercadoPago,
} from "../support/fake-mercadopago";
import * as grooming from "../support/grooming-e2e";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSeriousA11yViolations, expectNoSideScroll, phone, test } from "./fixtures";
import { ownShop, seedStaff, whileServing } from "./own-shop";

const shop = ownShop(84);
const BASE = shop.base;
const SECRET = "segredo-do-webhook-e2e-pacote";
const OWNER = { email: "olga@agropet.test", nome: "Olga", papel: "dono" } as const;
const SALDO = /^Pacote 4 banhos: (\d) de 4 sessões · vale até \d{2}\/\d{2}\/\d{4}$/;

test("the tutor buys Pacote 4 banhos by Pix from her pet's page; a delivered booking makes it fall from 4 to 3 on the account and the status page", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mp: FakeMercadoPago = await startFakeMercadoPago("TEST-e2e-token");
  mp.setWebhookSecret(SECRET);
  try {
    const { server, seeded } = await startSeededServer(
      shop.port,
      "pacote-online",
      async (db) => {
        await seedStaff(db, OWNER);
        await updateSettings(db, { mercadopagoAtivo: true, pixExpiracaoMinutos: 30 });
        return grooming.tutorWithPacoca(db, "marta.pacote@example.com", BASE);
      },
      {
        LOG_LEVEL: "warn",
        MERCADOPAGO_API_URL: mp.url,
        MERCADOPAGO_ACCESS_TOKEN: mp.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: SECRET,
        PAYMENT_RECONCILE_INTERVAL: "0",
      },
    );
    await whileServing(server, async () => {
      // The tutor books Paçoca's bath from her account's pets.
      const { context: tutorContext } = await shop.customerContext(
        browser,
        seeded.cookie,
        phone(360),
      );
      const tutor = await tutorContext.newPage();
      const { numero, day } = await grooming.bookPacocaBath(tutor, BASE);
      const statusPage = tutor.url();
      await expect(tutor.getByTestId("pacote")).toHaveCount(0);
      /** The balance on Paçoca's page, the account's pets and the booking's status page. */
      const expectBalance = async (restantes: number) => {
        await tutor.goto(`${BASE}/conta/pets/${seeded.petId}`);
        await expect(tutor.getByTestId("pacote-saldo")).toHaveText(SALDO);
        await expect(tutor.getByTestId("pacote-saldo")).toContainText(`${restantes} de 4 sessões`);
        await tutor.goto(`${BASE}/conta/pets`);
        await expect(tutor.getByTestId("meus-pets").getByTestId("pacote")).toContainText(
          `Pacote 4 banhos: ${restantes} de 4 sessões`,
        );
        await tutor.goto(statusPage);
        await expect(tutor.getByTestId("pacote")).toContainText(
          `Pacote 4 banhos: ${restantes} de 4 sessões`,
        );
      };

      // The owner defines the package.
      const staffContext = await browser.newContext(phone(360));
      const staff = await staffContext.newPage();
      await shop.signIn(staff, OWNER.email, "/admin/servicos/pacotes");
      await grooming.fillPackageOfFourBaths(staff);
      await staff.getByRole("button", { name: "Criar pacote" }).click();
      await expect(staff.getByTestId("pacotes")).toContainText("Pacote 4 banhos · R$ 160,00");

      // From Paçoca's page in the account: bought by Pix.
      await tutor.goto(`${BASE}/conta/pets`);
      await tutor
        .getByTestId("meus-pets")
        .getByRole("link", { name: /Paçoca/ })
        .click();
      await expect(tutor).toHaveURL(`${BASE}/conta/pets/${seeded.petId}`);
      const pacotes = tutor.getByTestId("pacotes");
      await expect(pacotes).toContainText("Nenhum pacote ativo.");
      await expect(pacotes).toContainText("Pacote 4 banhos: 4 sessões em 30 dias · R$ 160,00");
      await expectNoSideScroll(tutor);
      await expectNoSeriousA11yViolations(tutor);
      await pacotes.getByRole("button", { name: "Comprar Pacote 4 banhos por Pix" }).click();
      await expect(tutor.getByTestId("pacote-aguardando")).toContainText(
        "Pacote 4 banhos: aguardando o pagamento de R$ 160,00",
      );
      await expect(tutor.getByTestId("pix-qr").locator("svg")).toBeVisible();
      await expect(pacotes).toContainText("Nenhum pacote ativo.");
      await expectNoSideScroll(tutor);
      const [payment] = [...mp.payments.values()];
      expect(payment!.transaction_amount).toBe(160);
      expect(payment!.payer.email).toBe("marta.pacote@example.com");

      // The provider approves; its signed notification activates the package.
      mp.setStatus(payment!.id, "approved");
      const { path: hook, init } = signedPaymentNotice(SECRET, String(payment!.id));
      expect((await fetch(`${BASE}${hook}`, init)).status).toBe(200);
      await tutor.reload();
      await expect(tutor.getByTestId("pacote-aguardando")).toHaveCount(0);
      await expectBalance(4);

      // The staff deliver the booking: the package pays, one session used.
      await staff.goto(`${BASE}/admin/servicos/agenda?dia=${day}`);
      const card = staff.getByTestId(`agendamento-${numero}`);
      await grooming.deliverOnPackage(card);
      await staffContext.close();

      // The account and the status page show 3 de 4.
      await expectBalance(3);
      await expectNoSideScroll(tutor);
      await tutorContext.close();
    });
  } finally {
    await mp.close();
  }
});
