// Building the one action result (lib/form-result.ts) on the server, and the error mapping
// every admin action uses.

import { data } from "react-router";
import type { z } from "zod";
import type { FormResult } from "~/lib/form-result";
import { fieldErrors, formFields } from "~/lib/forms";
import { logger } from "~/platform/logger.server";
import { readForm } from "~/platform/request-info.server";
import { parseMultipart, StorageError } from "~/platform/storage.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import { AdminError } from "./actor.server";

type ActionResult = FormResult;

export function ok(intent: string, message: string, description?: string) {
  return { ok: true as const, intent, message, description };
}

export function invalid(intent: string, error: z.ZodError, message?: string) {
  return data({ ok: false as const, intent, message, errors: fieldErrors(error) }, { status: 400 });
}

export function fail(intent: string, message: string, status = 400) {
  return data({ ok: false as const, intent, message }, { status });
}

/**
 * Runs an admin write; a refusal (AdminError, StorageError) becomes its message, anything
 * else is logged and answered with the screen's generic failure text.
 */
export async function attempt<T>(
  intent: string,
  genericMessage: string,
  fn: () => Promise<T>,
): Promise<T | ReturnType<typeof data<ActionResult>>> {
  try {
    return await fn();
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof AdminError) {
      return data(
        {
          ok: false as const,
          intent,
          message: error.message,
          errors: error.field ? { [error.field]: error.message } : undefined,
        },
        { status: 400 },
      );
    }
    if (error instanceof StorageError) {
      return data({ ok: false as const, intent, message: error.message }, { status: 400 });
    }
    // An id or value the database cannot even read (not a uuid, not a number, a NUL byte, a
    // number out of range): bad input, answered with the action's message, not a server error.
    if (isUnreadableInput(error)) {
      return data({ ok: false as const, intent, message: genericMessage }, { status: 400 });
    }
    logger.error({ err: error, intent }, "admin action failed");
    return data({ ok: false as const, intent, message: genericMessage }, { status: 500 });
  }
}

/**
 * The text fields of an admin form and the intent it asks, one of `intents`; any other
 * intent comes back as the refusal to answer ('Ação desconhecida').
 */
export async function readAdminIntent<I extends string>(
  request: Request,
  intents: z.ZodType<I>,
): Promise<
  | { fields: Record<string, string>; intent: I; refusal?: undefined }
  | { refusal: ReturnType<typeof fail> }
> {
  const fields = formFields(await readForm(request));
  const asked = intents.safeParse(fields.intent);
  if (!asked.success) return { refusal: fail(fields.intent ?? "", "Ação desconhecida") };
  return { fields, intent: asked.data };
}

/** The form of a request, multipart (one file at most) or urlencoded. */
export async function readAdminForm(
  request: Request,
  limits: { maxFileSize: number; tooLargeMessage: string },
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    return parseMultipart(request, {
      maxFileSize: limits.maxFileSize,
      maxFiles: 1,
      tooLargeMessage: limits.tooLargeMessage,
      tooManyMessage: "Envie apenas um arquivo.",
    });
  }
  return readForm(request);
}

/**
 * PostgreSQL's refusals of a value itself, from either driver, wrapped or not: 22P02
 * (invalid_text_representation), 22021 (a NUL byte or a bad UTF-8 sequence), 22003
 * (numeric_value_out_of_range).
 */
const UNREADABLE_INPUT = new Set(["22P02", "22021", "22003"]);

export function isUnreadableInput(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === "string" && UNREADABLE_INPUT.has(e.code)) return true;
  }
  return false;
}
