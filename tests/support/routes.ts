// Calling route modules in integration tests: one `call()` for loaders and actions, whatever
// they answer (plain data, data(), or a Response returned or thrown), and requests for them.
import { expect } from "vitest";
import { makeRequest } from "../setup/requests";

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test access to loose loader and action data
  data: any;
  /** The Response the route returned or threw (a redirect, a file), else undefined. */
  response?: Response;
}

/** Calls a loader or action; normalises plain data, data() and thrown or returned Responses. */
export async function call(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<CallResult> {
  let value: unknown;
  try {
    value = await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: null, response: value };
  if (
    value &&
    typeof value === "object" &&
    (value as { type?: string }).type === "DataWithResponseInit"
  ) {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, data: d.data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value };
}

/** Expects a redirect to `location` and returns its Response. */
export function expectRedirect(result: CallResult, location: string | RegExp) {
  expect(result.response).toBeInstanceOf(Response);
  const response = result.response!;
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const actual = response.headers.get("location") ?? "";
  if (typeof location === "string") expect(actual).toBe(location);
  else expect(actual).toMatch(location);
  return response;
}

/** Expects a form refused with `status` (400, 422) and at least these field `errors`. */
export function expectRefused(result: CallResult, status: number, errors: Record<string, unknown>) {
  expect(result.status).toBe(status);
  expect(result.data.errors).toMatchObject(errors);
}

/** Expects a form answered 200 and given back with at least these `values` filled in. */
export function expectFilled(result: CallResult, values: Record<string, unknown>) {
  expect(result.status).toBe(200);
  expect(result.data.values).toMatchObject(values);
}

/** The raw session token of a Set-Cookie header. */
export function tokenFrom(response: Response): string | undefined {
  const cookies = response.headers.getSetCookie?.() ?? [response.headers.get("set-cookie") ?? ""];
  for (const cookie of cookies) {
    const match = /agropet_sessao=([^;]*)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

/** A multipart POST (fields and files) for an action, signed in with `token`. */
export function multipartRequest(
  path: string,
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Uint8Array }>,
  token: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) {
    form.append(k, new File([Buffer.from(f.data)], f.name, { type: f.type }));
  }
  return makeRequest(path, { method: "POST", body: form, token });
}

/** Calls a loader or action that answers with a Response (JSON, a redirect) and returns it. */
export async function responseOf(
  fn: (args: never) => unknown,
  request: Request,
): Promise<Response> {
  return (await fn({ request, params: {}, context: {} } as never)) as Response;
}
