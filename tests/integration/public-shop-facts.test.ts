// Issue 13, point 2: the public pages read the free-delivery minimum and the Pix
// discount from the store settings through the public layout's loader.
import { beforeEach, describe, expect, it } from "vitest";
import { updateSettings } from "~/modules/shop/index.server";
import { loader as layoutLoader } from "~/routes/public/layout";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";

const ctx = withTestDatabase();

beforeEach(async () => {
  await truncateAll(ctx.database);
});

async function facts() {
  const data = await layoutLoader({
    request: makeRequest("/faq"),
    params: {},
    context: {},
  } as never);
  return data.facts;
}

describe("public layout facts", () => {
  it("follow the store settings; the Pix discount only while Pix is accepted", async () => {
    expect(await facts()).toEqual({ freteGratisMinimo: 4000, pixDescontoPercentual: 0 });
    await updateSettings(ctx.database.db, { freteGratisMinimo: 5500, pixDescontoPercentual: 5 });
    expect(await facts()).toEqual({ freteGratisMinimo: 5500, pixDescontoPercentual: 0 });
    await updateSettings(ctx.database.db, { pixManualAtivo: true, pixChave: "x@example.com" });
    expect(await facts()).toEqual({ freteGratisMinimo: 5500, pixDescontoPercentual: 5 });
  });
});
