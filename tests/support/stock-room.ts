// The stock room as the stock tests set it: a database of the file's own with the demo shop
// and its Centro unit, and Gil, Meia Praia's gerente, with the rest of the file's team.
import { withTestDatabase } from "../setup/db";
import { withDemoShop } from "./demo-shop";
import { type ShopMember, withStaff } from "./staff";

/** The file's database, shop and team: Gil the gerente and the members `others` names. */
export function withStockRoom<K extends string>(others: Record<K, ShopMember>) {
  const ctx = withTestDatabase();
  const shop = withDemoShop({ centro: true });
  const gerente: ShopMember = ["gerente", "Gil", "meiaPraia"];
  const team = withStaff(shop, { gerente, ...others });
  return { ctx, shop, team };
}
