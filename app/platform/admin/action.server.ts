// Building the one action result (lib/form-result.ts) on the server, and the error mapping
// every admin action uses.

import { data } from "react-router";
import type { z } from "zod";
import { ACESSO_NEGADO, type Capacidade, type Papel, pode } from "~/domain/permissions";
import type { FormResult } from "~/lib/form-result";
import { fieldErrors, formFields } from "~/lib/forms";
import { logger } from "~/platform/logger.server";
import { readForm } from "~/platform/request-info.server";
import { parseMultipart, StorageError } from "~/platform/storage.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import { CONTROL_CHARS_MESSAGE, fieldWithControlChars } from "~/schemas/text";
import { type AdminActor, AdminError } from "./actor.server";

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
async function attempt<T>(
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

/** The form of a request, multipart (one file at most) or urlencoded. */
async function readAdminForm(
  request: Request,
  limits: { maxFileSize: number; tooLargeMessage: string; maxFiles?: number },
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const maxFiles = limits.maxFiles ?? 1;
    return parseMultipart(request, {
      maxFileSize: limits.maxFileSize,
      maxFiles,
      tooLargeMessage: limits.tooLargeMessage,
      tooManyMessage:
        maxFiles === 1 ? "Envie apenas um arquivo." : `Envie no máximo ${maxFiles} arquivos.`,
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

/**
 * Who the admin guard (accounts' `requireAdmin`) lets in: a person of the shop's team, with
 * their role and units (null: every unit). The platform knows no module.
 */
export interface StaffUser {
  id: string;
  email: string;
  nome: string;
  papel: Papel;
  unidades: string[] | null;
}

/** What an admin write gets once the admin, the form and its intent are checked. */
export interface AdminWrite<I extends string = string> {
  request: Request;
  user: StaffUser;
  actor: AdminActor & { email: string };
  /** The session the request came in (the person's own account screen ends the others). */
  sessionId: string;
  /** The route's URL parameters (a product's id). */
  params: Readonly<Record<string, string | undefined>>;
  form: FormData;
  fields: Record<string, string>;
  intent: I;
}

/** A write's answer: a title, a title and description (both a success), or a result as is. */
type Answer = string | readonly [title: string, description?: string] | object;

/** One intent of an admin screen, declared once: what it reads, its fault's text, what it does. */
export interface AdminIntent<T, R extends Answer = Answer> {
  /** What the form must hold; without one `run` gets the text fields as they came. */
  schema?: z.ZodType<T, unknown>;
  /** What the schema reads, when more than the text fields (a repeated checkbox). */
  input?: (write: AdminWrite) => unknown;
  /** The refusal of a form the schema rejects: a message over the fields' own (400), or any. */
  refusal?: string | ((error: z.ZodError, intent: string) => ReturnType<typeof fail>);
  /** The message of a fault (logged, answered 500); a refusal (AdminError) says its own. */
  failure: string;
  /** What the person must be allowed to do, when not the route's `capability`. */
  capability?: Capacidade;
  run: (data: T, write: AdminWrite) => Promise<R>;
}

/** What an action answers for an intent: a title is a success, anything else goes as is. */
type Answered<D> =
  // biome-ignore lint/suspicious/noExplicitAny: any intent's data
  D extends AdminIntent<any, infer R>
    ? R extends string | readonly unknown[]
      ? ReturnType<typeof ok>
      : R
    : never;

/** Declares one intent, so that `run` reads the type its schema gives. */
export function adminIntent<T = Record<string, string>, R extends Answer = Answer>(
  intent: AdminIntent<T, R>,
): AdminIntent<T, R> {
  return intent;
}

/** The refusal of forms that show one message: the first issue, 422. */
export function firstIssue(error: z.ZodError, intent: string) {
  return fail(intent, error.issues[0]?.message ?? "Confira os campos", 422);
}

export interface AdminActionOptions {
  /**
   * What the person must be allowed to do for the route's intents (each may name its own).
   * Required: a route cannot forget to say who may use it (decision 0068).
   */
  capability: Capacidade;
  /** The field that names the intent, when not `intent` (the system tests' `teste`). */
  intentField?: string;
  /** A form that may carry one file (multipart); its refusal is answered as `intent`'s. */
  upload?: { maxFileSize: number; tooLargeMessage: string; intent: string; maxFiles?: number };
  /** Refuse any field with a control character (a NUL byte above all) before SQL sees it. */
  noControlChars?: boolean;
  /** The intent of a form that names none. */
  defaultIntent?: string;
  /** The answer of a result (the store's panel turns a document post into a toast). */
  answer?: (
    request: Request,
    result: unknown,
    params: Readonly<Record<string, string | undefined>>,
  ) => unknown;
}

/**
 * Every admin route's action, given the guard that lets an admin in: it reads the form,
 * answers an intent the route does not declare with 'Ação desconhecida' (400), checks the
 * intent's schema, runs it inside `attempt`, and answers a title as a success.
 */
export function adminActionGuardedBy(
  guard: (request: Request) => Promise<{
    staff: StaffUser;
    sessionId: string;
    stillAllowed?: AdminActor["stillAllowed"];
  }>,
) {
  // biome-ignore lint/suspicious/noExplicitAny: each intent has its own data type
  return function adminAction<D extends Record<string, AdminIntent<any, any>>>(
    intents: D,
    options: AdminActionOptions,
  ) {
    // Also checked when the module loads, for callers the types do not reach.
    if (!options?.capability) throw new Error("adminAction: declare the route's capability");
    const intentField = options.intentField ?? "intent";
    const answerWith = options.answer ?? ((_request: Request, result: unknown) => result);
    type Result =
      | Answered<D[keyof D]>
      | ReturnType<typeof fail>
      | ReturnType<typeof invalid>
      | ReturnType<typeof data<ActionResult>>;
    const action = async ({
      request,
      params = {},
    }: {
      request: Request;
      params?: Readonly<Record<string, string | undefined>>;
    }): Promise<Result> => {
      const answer = (req: Request, result: unknown) => answerWith(req, result, params);
      const { staff: user, sessionId, stillAllowed } = await guard(request);
      const read = await readWrite(request, options);
      if ("refusal" in read) return answer(request, read.refusal) as Result;
      const { form, fields } = read;
      const intent = fields[intentField] || options.defaultIntent || "";
      if (!Object.hasOwn(intents, intent)) {
        return answer(request, fail(fields[intentField] ?? "", "Ação desconhecida")) as Result;
      }
      const capability = (intents[intent] as AdminIntent<unknown>).capability ?? options.capability;
      if (!pode(user.papel, capability)) {
        return answer(request, fail(intent, ACESSO_NEGADO, 403)) as Result;
      }
      if (options.noControlChars && fieldWithControlChars(fields) !== null) {
        return answer(request, fail(intent, CONTROL_CHARS_MESSAGE)) as Result;
      }
      const actor = {
        request,
        userId: user.id,
        email: user.email,
        unidades: user.unidades,
        stillAllowed,
      };
      const write: AdminWrite = { request, user, actor, sessionId, params, form, fields, intent };
      return answer(
        request,
        await runIntent(intents[intent] as AdminIntent<unknown>, write),
      ) as Result;
    };
    // What each intent requires, read by the authorization matrix test (decision 0066).
    const capabilities = Object.fromEntries(
      Object.entries(intents).map(([name, d]) => [name, d.capability ?? options.capability]),
    ) as Record<keyof D & string, Capacidade>;
    return Object.assign(action, {
      capabilities,
      defaultIntent: options.defaultIntent,
      intentField,
    });
  };
}

async function readWrite(
  request: Request,
  options: AdminActionOptions,
): Promise<
  { form: FormData; fields: Record<string, string> } | { refusal: ReturnType<typeof fail> }
> {
  let form: FormData;
  try {
    form = options.upload ? await readAdminForm(request, options.upload) : await readForm(request);
  } catch (error) {
    if (options.upload && error instanceof StorageError) {
      return { refusal: fail(options.upload.intent, error.message) };
    }
    throw error;
  }
  return { form, fields: formFields(form) };
}

async function runIntent(definition: AdminIntent<unknown>, write: AdminWrite) {
  const { intent } = write;
  let input: unknown = write.fields;
  if (definition.schema) {
    const parsed = definition.schema.safeParse(definition.input?.(write) ?? write.fields);
    if (!parsed.success) {
      const { refusal } = definition;
      return typeof refusal === "function"
        ? refusal(parsed.error, intent)
        : invalid(intent, parsed.error, refusal);
    }
    input = parsed.data;
  }
  return attempt(intent, definition.failure, async () => {
    const done = await definition.run(input, write);
    if (typeof done === "string") return ok(intent, done);
    if (Array.isArray(done)) return ok(intent, done[0], done[1]);
    return done;
  });
}
