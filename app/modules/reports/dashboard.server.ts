// The admin dashboard's numbers (SPEC §2.3), each from the module that owns it: orders (sales,
// statuses, the latest orders, the chart), grooming (quotes waiting) and careers (new resumes).
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { newResumes } from "~/modules/careers/index.server";
import { pendingQuoteCount } from "~/modules/grooming/index.server";
import { ordersDashboard } from "~/modules/orders/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";

const RECENT_LIMIT = 5;

/**
 * The orders' numbers are those of the person's units (decision 0069); photo quotes and
 * resumes belong to no unit and are counted whole.
 */
export async function getDashboard(
  at: Date = now(),
  scope: UnitScope = EVERY_UNIT,
  executor: Executor = db(),
) {
  const [orders, servicosPendentes, resumes] = await Promise.all([
    ordersDashboard(at, scope, executor),
    pendingQuoteCount(executor),
    newResumes(RECENT_LIMIT, executor),
  ]);
  const { pedidosRecentes, ...sales } = orders;
  return {
    ...sales,
    servicosPendentes,
    curriculosNovos: resumes.novos,
    pedidosRecentes,
    curriculosRecentes: resumes.recentes,
  };
}
