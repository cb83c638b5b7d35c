// Issue 39, point 13: the checkout's delivery windows say the day the order would arrive
// ("Hoje, à tarde (13h às 17h)"), the day computed by the server from the delivering unit's
// hours at the moment the page is served (the rule itself: tests/unit/units.test.ts).
import { addToCart, expect, test } from "./fixtures";

const DAY = "(Hoje|Amanhã|Segunda|Terça|Quarta|Quinta|Sexta|Sábado)";

test("each delivery window's choice says its day", async ({ page }) => {
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await page.goto("/loja/checkout");
  const options = page.getByLabel("Horário de entrega").locator("option:not([value=''])");
  await expect(options).toHaveText([
    new RegExp(`^${DAY}, de manhã \\(9h às 12h\\)$`),
    new RegExp(`^${DAY}, à tarde \\(13h às 17h\\)$`),
    new RegExp(`^${DAY}, à noite \\(18h às 20h\\)$`),
  ]);
});
