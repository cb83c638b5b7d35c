// Issue 39, point 13: the checkout says the day of each delivery window for an order placed
// now, from the delivering units' hours in São Paulo time (decision 0052), on the demo shop
// (Meia Praia delivers: Monday to Friday 9h–20h, Saturday 9h–18h, Sunday closed).
import { describe, expect, it } from "vitest";
import { listActiveUnits } from "~/modules/shop/index.server";
import { loader as checkoutLoader } from "~/routes/loja/checkout";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import { call } from "../support/routes";

withTestDatabase();
// Tuesday 1 Dec 2026, 10:00 in São Paulo.
const clock = withTestClock("2026-12-01T13:00:00Z");
withDemoShop();

describe("the checkout's delivery windows", () => {
  it("say today or the next working day, by the server's clock", async () => {
    const delivering = (await listActiveUnits()).filter((u) => u.atendeEntregas && !u.emBreve);
    expect(delivering.length).toBeGreaterThan(0);
    const tuesday = await call(checkoutLoader, makeRequest("/loja/checkout"));
    expect(tuesday.data.janelas).toMatchObject({
      manha: "Amanhã, de manhã (9h às 12h)",
      tarde: "Hoje, à tarde (13h às 17h)",
    });
    // Saturday 5 Dec, 19:00 in São Paulo: Sunday is closed, so Monday.
    clock.advance(4 * 24 * 60 * 60 * 1000 + 9 * 60 * 60 * 1000);
    const saturday = await call(checkoutLoader, makeRequest("/loja/checkout"));
    expect(saturday.data.janelas).toMatchObject({
      manha: "Segunda, de manhã (9h às 12h)",
      tarde: "Segunda, à tarde (13h às 17h)",
    });
  });
});
