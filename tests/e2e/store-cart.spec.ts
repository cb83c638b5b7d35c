import { addToCart, applyCoupon, expect, frameworkScripts, test, watchScripts } from "./fixtures";

const KELDOG = "Bifinho Keldog Sabor Carne 65 g";
const SHAMPOO = "Shampoo Neutro Sanol Dog 500 ml";

test.describe("cart", () => {
  test("add from the list and from the detail page; the cart survives a reload and reaches other tabs", async ({
    page,
    context,
  }) => {
    await page.goto("/loja?q=keldog");
    const cartButton = page.getByTestId("cart-button");
    await expect(cartButton).toHaveAccessibleName("Carrinho, 0 itens");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await expect(page.getByText(`${KELDOG} adicionado ao carrinho!`)).toBeVisible();
    await expect(cartButton).toHaveAccessibleName("Carrinho, 1 item");

    await page.goto("/loja?q=sanol");
    await page.getByRole("link", { name: `Ver detalhes de ${SHAMPOO}` }).click();
    await page.getByRole("button", { name: "Aumentar quantidade" }).click();
    await page.getByRole("button", { name: "Adicionar ao carrinho - R$ 33,80" }).click();
    await expect(page.getByText(`2x ${SHAMPOO} adicionado ao carrinho!`)).toBeVisible();
    await expect(cartButton).toHaveAccessibleName("Carrinho, 3 itens");

    await page.reload();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 3 itens");

    const other = await context.newPage();
    await other.goto("/loja/carrinho");
    await expect(other.getByTestId("cart-line")).toHaveCount(2);
    await expect(other.getByTestId("summary-subtotal")).toHaveText("R$ 41,70"); // 7,90 + 2 × 16,90

    // A change in one tab shows in the other.
    await other.getByRole("button", { name: `Remover ${KELDOG}` }).click();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 2 itens");

    await other.getByRole("button", { name: `Aumentar quantidade de ${SHAMPOO}` }).click();
    await expect(other.getByTestId("line-quantidade")).toHaveText("3");
    await expect(other.getByTestId("summary-subtotal")).toHaveText("R$ 50,70");
    await other.getByRole("button", { name: "Limpar carrinho" }).click();
    await expect(other.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
    await other.getByRole("link", { name: "Continuar comprando" }).click();
    await expect(other).toHaveURL(/\/loja$/);
  });

  test("the cart shows the coupon and the neighbourhood together; a coupon never adds the delivery fee", async ({
    page,
  }) => {
    await page.goto("/loja?q=sanol");
    await page.getByRole("link", { name: `Ver detalhes de ${SHAMPOO}` }).click();
    await page.getByRole("button", { name: "Aumentar quantidade" }).click();
    await page.getByRole("button", { name: "Adicionar ao carrinho - R$ 33,80" }).click();
    await addToCart(page, "keldog", KELDOG);
    await page.getByTestId("cart-button").click();
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 41,70");

    await page.getByRole("combobox", { name: "Bairro de entrega" }).selectOption("Tabuleiro");
    await expect(page.getByTestId("summary-entrega")).toHaveText("Grátis");
    await applyCoupon(page, "frete5");
    await expect(page.getByTestId("summary-desconto")).toHaveText("-R$ 5,00");
    // 41,70 reached the R$ 40,00 before the coupon: delivery stays free, total 36,70.
    await expect(page.getByTestId("summary-entrega")).toHaveText("Grátis");
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 36,70");
    // …and the summary says why, where the customer sees 36,70 under 40,00.
    await expect(
      page.getByText("O frete grátis vale pelo valor dos produtos antes do cupom."),
    ).toBeVisible();

    await page.getByRole("button", { name: `Remover ${KELDOG}` }).click();
    // 33,80 < 40,00: Tabuleiro's R$ 10,00 shows with the coupon.
    await expect(page.getByTestId("summary-entrega")).toHaveText("R$ 10,00");
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 38,80");
  });

  test("invalid and valid coupons", async ({ page }) => {
    await addToCart(page, "sanol", SHAMPOO);
    await page.getByTestId("cart-button").click();
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 16,90");

    const code = page.getByRole("textbox", { name: "Cupom de desconto" });
    await code.fill("NAOEXISTE");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByText("Cupom inválido ou expirado")).toBeVisible();
    await expect(page.getByTestId("summary-desconto")).toHaveCount(0);

    // FRETE5 needs R$ 30,00: refused with the minimum, then accepted with more items.
    await code.fill("frete5");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(
      page.getByText("Este cupom vale para pedidos a partir de R$ 30,00").first(),
    ).toBeVisible();

    await page.getByRole("button", { name: "Remover cupom" }).click();
    await expect(page.getByText("Cupom removido")).toBeVisible();

    await applyCoupon(page, "bemvindo10");
    await expect(page.getByText("Cupom BEMVINDO10 aplicado!")).toBeVisible();
    await expect(page.getByTestId("summary-desconto")).toHaveText("-R$ 1,69");
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 15,21");

    await page.reload();
    await expect(page.getByText("Cupom BEMVINDO10")).toBeVisible();
    await expect(page.getByTestId("summary-desconto")).toHaveText("-R$ 1,69");
    await page.getByRole("button", { name: "Limpar carrinho" }).click();
  });

  test("the list, the product page and the cart page load no framework module; their islands share one cart", async ({
    page,
  }) => {
    const modules = watchScripts(page);
    await page.goto("/loja?q=keldog");
    await expect(page.getByTestId("cart-button")).toHaveAttribute("data-pronto", "1");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await expect(page.getByText(`${KELDOG} adicionado ao carrinho!`)).toBeVisible();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");

    await page.getByRole("link", { name: `Ver detalhes de ${KELDOG}` }).click();
    await expect(page.getByTestId("cart-button")).toHaveAttribute("data-pronto", "1");
    await expect(page.getByText("· 1 no seu carrinho")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver carrinho" })).toBeVisible();
    await page.getByRole("button", { name: "Aumentar quantidade" }).click();
    await page.getByRole("button", { name: "Adicionar ao carrinho - R$ 15,80" }).click();
    await expect(page.getByText(`2x ${KELDOG} adicionado ao carrinho!`)).toBeVisible();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 3 itens");
    await expect(page.getByTestId("quantidade")).toHaveText("1");
    // No React, no React Router: only the islands' modules on either page.
    expect(frameworkScripts(modules)).toEqual([]);

    await page.getByRole("link", { name: "Ver carrinho" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("line-quantidade")).toHaveText("3");
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 23,70");
    // The cart page is served without React too (its island).
    expect(frameworkScripts(modules)).toEqual([]);
    await page.getByRole("button", { name: "Limpar carrinho" }).click();
  });
});
