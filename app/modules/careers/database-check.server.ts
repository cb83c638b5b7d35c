// The system tests page (SPEC §2.3, §5.8, §8): a real database query. The webhook test is
// the notifications module's (notifications/system-test.server.ts).
import { count } from "drizzle-orm";
import { db } from "~/infra/db/client.server";
import { logger } from "~/infra/logger.server";
import { curriculos } from "~/modules/careers/index.server";

export interface SystemTestResult {
  ok: boolean;
  message: string;
  detail?: string;
}

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
