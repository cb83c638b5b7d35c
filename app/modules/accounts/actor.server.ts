// Who is acting in an admin write, and the error a write reports to the admin.

import type { Executor } from "~/infra/db/client.server";
import { logAudit } from "./audit.server";

export interface AdminActor {
  request: Request;
  /** null: the shop itself, not a person (the demo catalogue seeded at the first start). */
  userId: string | null;
}

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
export function audit(
  executor: Executor,
  actor: AdminActor,
  action: string,
  resourceType: string,
  resourceId: string | null,
  details?: Record<string, unknown>,
) {
  return logAudit(
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
