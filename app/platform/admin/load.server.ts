// An admin page's loader failure, the same everywhere: logged, then answered with the
// page's message for the one error screen (components/admin/load-error.tsx).
import { data } from "react-router";
import { logger } from "~/platform/logger.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";

/** Runs a page's reads; a failure becomes a 500 carrying `message` for the error screen. */
export async function loadOrFail<T>(message: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, message);
    throw data({ message }, { status: 500 });
  }
}
