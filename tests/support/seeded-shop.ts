// The start of the admin tests that work on the demo shop: an emptied database, the demo
// data (without images) and a signed-in owner whose token the routes are called with.
import type { Database } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll } from "../setup/db";
import { makeAdmin } from "./factories";

export async function seededShopWithAdmin(database: Database) {
  await truncateAll(database);
  await seedDatabase({ images: false });
  return makeAdmin();
}
