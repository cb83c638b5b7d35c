// An alert written by the code rather than by a trigger (a charge paid after its order
// closed), in the caller's transaction: numbered and announced when it commits.
import type { Executor } from "~/platform/db/client.server";
import type { TipoAviso } from "./aviso";
import { avisos } from "./tables.server";

export async function recordAlert(
  executor: Executor,
  aviso: { tipo: TipoAviso; referenciaId: string; dados: Record<string, unknown> },
): Promise<void> {
  await executor.insert(avisos).values(aviso);
}
