// The system tests page's database check (SPEC §2.3, §5.8, §8): a real query, which counts
// the resumes. The webhook test is the notifications module's.
import { count } from "drizzle-orm";
import type { SystemTestResult } from "~/modules/notifications/index.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { curriculos } from "./tables.server";

export async function testDatabase(): Promise<SystemTestResult> {
  try {
    const [row] = await db().select({ n: count() }).from(curriculos);
    return {
      ok: true,
      message: "Database conectado!",
      detail: `${Number(row?.n ?? 0)} currículos`,
    };
  } catch (error) {
    logger.warn({ err: error }, "teste do banco falhou");
    return { ok: false, message: "Erro ao conectar com database" };
  }
}
