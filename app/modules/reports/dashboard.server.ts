// The admin dashboard's numbers (SPEC §2.3), each from the module that owns it: orders (sales,
// statuses, the latest orders, the chart), payments (what came in today, per unit), grooming
// (quotes waiting) and careers (new resumes).
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { newResumes } from "~/modules/careers/index.server";
import { reservationsAtRisk } from "~/modules/fiscal/index.server";
import { pendingQuoteCount } from "~/modules/grooming/index.server";
import { ordersDashboard } from "~/modules/orders/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import { channelsOfTheDay } from "./channels.server";
import { moneyOfTheDay } from "./day-close.server";

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
  const [orders, dinheiro, servicosPendentes, resumes, canais, emRisco] = await Promise.all([
    ordersDashboard(at, scope, executor),
    // "Pedidos" (placed) beside "Recebido" (paid) per unit, today (issue 43 point 5).
    moneyOfTheDay(at, scope, executor),
    pendingQuoteCount(executor),
    newResumes(RECENT_LIMIT, executor),
    // "Loja online" beside "Balcão" per unit, today (issue 44 point 3).
    channelsOfTheDay(at, scope, executor),
    reservationsAtRisk(scope.unidades ?? null, executor),
  ]);
  const { pedidosRecentes, ...sales } = orders;
  return {
    ...sales,
    dinheiro,
    canais,
    emRisco,
    servicosPendentes,
    curriculosNovos: resumes.novos,
    pedidosRecentes,
    curriculosRecentes: resumes.recentes,
  };
}
