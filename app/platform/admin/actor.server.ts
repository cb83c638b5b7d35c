// Who is acting in an admin write, and the error a write reports to the admin.

import type { UnitScope } from "~/domain/unit-scope";
import type { Executor } from "~/platform/db/client.server";
import { logAudit } from "./audit.server";

export interface AdminActor {
  request: Request;
  userId: string;
  /**
   * The units the person works at (null: every unit). The admin action always sets it from
   * the signed-in person; absent only for the shop's own writes and scripts (every unit).
   */
  unidades?: UnitScope["unidades"];
  /**
   * Run by `audit` inside the write's transaction: throws when the person may no longer act
   * (deactivated while the request was in flight; the guard gives it, decision 0067).
   */
  stillAllowed?: (executor: Executor) => Promise<void>;
}

/**
 * The shop itself, writing its demo catalogue at the first start through the admin's code:
 * nobody acted, so nothing goes to the audit trail.
 */
export const DEMO_SEED: AdminActor = { request: new Request("http://localhost/"), userId: "" };

/** A refusal the admin can act on, worded for the screen (optionally tied to a form field). */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Writes the audit entry of a change, in the change's own transaction. */
export async function audit(
  executor: Executor,
  actor: AdminActor,
  action: string,
  resourceType: string,
  resourceId: string | null,
  details?: Record<string, unknown>,
) {
  if (actor === DEMO_SEED) return;
  await actor.stillAllowed?.(executor);
  await logAudit(
    {
      request: actor.request,
      adminUserId: actor.userId,
      action,
      resourceType,
      resourceId,
      details,
    },
    executor,
  );
}
