// Issue 39, point 2: the Pix key goes into the BR Code as the Central Bank's directory
// stores it. The admin saves it normalised and refuses what is no key; the order page
// normalises a key saved before; the migration normalises saved keys and leaves the rest.
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PixKeyField } from "~/components/admin/loja/pix-fields";
import { normalizePixKey } from "~/domain/pix-key";
import { placeOrder } from "~/modules/orders/index.server";
import { currentSettings, getSettings, updateSettings } from "~/modules/shop/index.server";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { makeAdmin, manualPix, orderInput, productsIn } from "../support/factories";
import { postLoja } from "../support/loja-actions";

const ctx = withTestDatabase();
const product = productsIn(ctx);
let token: string;

beforeAll(async () => {
  await seedDatabase({ images: false });
  ({ token } = await makeAdmin());
});

const settingsForm = (pixChave: string) => ({
  intent: "settings-save",
  taxaEntregaPadrao: "5,00",
  freteGratisMinimo: "40,00",
  pixManualAtivo: "on",
  pixChave,
  pixNomeRecebedor: "Agropet Litoral",
  pixCidade: "Itapema",
});

type Loose = { errors?: Record<string, string>; message?: string };

describe("Pix key in the store settings", () => {
  it.each([
    ["27.865.431/0001-77", "27865431000177"],
    ["12.abc.345/01de-35", "12ABC34501DE35"],
    ["529.982.247-25", "52998224725"],
    ["(47) 99999-0416", "+5547999990416"],
    ["Pix@AgropetLitoral.com.BR", "pix@agropetlitoral.com.br"],
    ["123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
  ])("saves %s as %s", async (typed, stored) => {
    const result = await postLoja("configuracoes", settingsForm(typed), token);
    expect((result.data as Loose).message).toBe("Configurações salvas com sucesso!");
    expect((await getSettings()).pixChave).toBe(stored);
  });

  it("refuses what is no key with an example of each type and keeps the saved key", async () => {
    await postLoja("configuracoes", settingsForm("27.865.431/0001-77"), token);
    for (const [typed, message] of [
      ["27.865.431/0001-78", "CNPJ inválido"],
      ["(47) 3333-3333", "Celular inválido"],
      ["agropet litoral", "Chave Pix inválida"],
    ]) {
      const result = await postLoja("configuracoes", settingsForm(typed!), token);
      const error = (result.data as Loose).errors?.pixChave ?? "";
      expect(error).toContain(message);
      expect(error).toContain("CPF 529.982.247-25");
      expect(error).toContain("celular (47) 99999-0416");
      expect(error).toContain("e-mail loja@exemplo.com.br");
      expect(error).toContain("chave aleatória 123e4567-e89b-12d3-a456-426614174000");
    }
    expect((await getSettings()).pixChave).toBe("27865431000177");
  });
});

/**
 * A Pix order's page code, the order placed while `chaveAoComprar` was the key and the
 * page read with the key saved now (a key saved before keys were checked).
 */
async function orderPagePix(chaveAoComprar = "27865431000177") {
  const now = (await getSettings()).pixChave;
  await updateSettings(ctx.database.db, { pixChave: chaveAoComprar });
  const item = await product({ nome: `Ração Pix ${Math.random()}`, preco: 4590, estoque: 5 });
  const result = await placeOrder(
    orderInput([{ varianteId: item.id, quantidade: 1 }], { formaPagamento: "pix" }),
  );
  await updateSettings(ctx.database.db, { pixChave: now });
  if (!result.ok) throw new Error(result.message);
  const numero = result.pedido.numeroPedido;
  const page = (await orderLoader({
    request: makeRequest(`/loja/pedido/${numero}?token=${encodeURIComponent(result.token)}`),
    params: { numero },
    context: {},
  } as never)) as unknown as { data: { pix: { payload: string; chave: string } | null } };
  return page.data.pix;
}

describe("Pix key in the order's BR Code", () => {
  it("puts a key saved with its mask in the code as digits", async () => {
    // As a key saved before keys were normalised.
    await updateSettings(ctx.database.db, manualPix("27.865.431/0001-77"));
    const pix = await orderPagePix();
    expect(pix?.payload).toContain("0014br.gov.bcb.pix011427865431000177");
    expect(pix?.payload).not.toContain("27.865.431");
    expect(pix?.chave).toBe("27865431000177");
  });

  it("makes no code a bank would refuse from a saved value that is no key", async () => {
    await updateSettings(ctx.database.db, { pixManualAtivo: true, pixChave: "27.865.431/0001-78" });
    expect(await orderPagePix()).toBeNull();
  });

  it("stops offering manual Pix at checkout while the saved key is no key", async () => {
    await updateSettings(ctx.database.db, { pixManualAtivo: true, pixChave: "27.865.431/0001-78" });
    expect((await currentSettings()).pixManualAtivo).toBe(false);
    const item = await product({ nome: `Ração ${Math.random()}`, preco: 2990, estoque: 5 });
    const refused = await placeOrder(
      orderInput([{ varianteId: item.id, quantidade: 1 }], { formaPagamento: "pix" }),
    );
    expect(refused.ok).toBe(false);
    await updateSettings(ctx.database.db, { pixChave: "27.865.431/0001-77" });
    expect((await currentSettings()).pixManualAtivo).toBe(true);
  });
});

describe("migration of the saved keys (drizzle/0018)", () => {
  const migration = fs
    .readFileSync(path.resolve("drizzle/0018_chave_pix_normalizada.sql"), "utf8")
    .split("--> statement-breakpoint");

  it("normalises each saved key as the admin would and leaves what is no key", async () => {
    const saved = [
      "27.865.431/0001-77",
      "27865431000177",
      " 12.abc.345/01de-35 ",
      "12ABC34501DE35",
      "529.982.247-25",
      "52998224725",
      "(47) 99999-0416",
      "47 99999-0416",
      "47999990416",
      "5547999990416",
      "+55 (47) 99999-0416",
      "Pix@AgropetLitoral.com.BR",
      "123E4567-E89B-12D3-A456-426614174000",
      // Not keys: left as they are, the admin shows they must be fixed.
      "27.865.431/0001-78",
      "12ABC34501DE36",
      "123.456.789-00",
      "12345678909",
      "11111111111",
      "(47) 3333-3333",
      "+1 555 0100",
      "loja@",
      "agropet",
    ];
    for (const value of saved) {
      await updateSettings(ctx.database.db, { pixChave: value });
      for (const statement of migration) await ctx.database.db.execute(sql.raw(statement));
      const key = normalizePixKey(value);
      expect((await getSettings()).pixChave, value).toBe(key.ok ? key.chave : value);
    }
    // The helper functions do not stay behind.
    const left = await ctx.database.db.execute(
      sql`select count(*)::int as n from pg_proc where proname like 'agropet_tmp_%'`,
    );
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});

describe("Pix key field in the admin", () => {
  it("shows the saved key's type, or that a saved value must be fixed", () => {
    const ok = renderToStaticMarkup(
      <PixKeyField id="cfg-pixChave" name="pixChave" saved="27865431000177" />,
    );
    expect(ok).toContain("CNPJ, salva como 27865431000177");
    const bad = renderToStaticMarkup(
      <PixKeyField id="cfg-pixChave" name="pixChave" saved="27.865.431/0001-78" />,
    );
    expect(bad).toContain("A chave salva não é válida e precisa ser corrigida");
    expect(bad).toContain('aria-invalid="true"');
  });
});
