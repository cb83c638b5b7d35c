// Generators and the request runner shared by the fuzz tests (fast-check): nasty strings,
// form fields, multipart parts with hostile file names and types, raw bodies, and a way to
// run a route's loader or action as the server would and read its status and messages.
import fc from "fast-check";
import { expect } from "vitest";

// Strings that break naive code: huge, unicode, control characters, traversal, injection.
export const nasty = fc.oneof(
  fc.string(),
  // Any UTF-16 code unit: NUL and the other control characters, lone surrogates.
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.constantFrom(
    "../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "%00",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "NaN",
    "-1",
    "1e309",
    "9999999999999999999999",
    "🐶🐱🐴",
    "",
    " ",
    "null",
    "undefined",
    "{}",
    "[]",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
export const fieldName = fc.oneof(
  fc.constantFrom(
    "nome",
    "email",
    "telefone",
    "mensagem",
    "intent",
    "cupom",
    "codigo",
    "senha",
    "itens",
    "carrinho",
    "bairro",
    "bairroId",
    "endereco",
    "pagamento",
    "entrega",
    "quantidade",
    "produtoId",
    "fotos",
    "curriculo",
    "cargo",
    "especie",
    "porte",
    "servico",
    "q",
    "categoria",
    "page",
    "ordem",
    "token",
  ),
  fc.string({ maxLength: 20 }),
);
export const fields = fc.array(fc.tuple(fieldName, nasty), { maxLength: 12 });
export const fileName = fc.oneof(
  fc.constantFrom("../../../etc/passwd", "..%2f..%2fx.pdf", "/abs/x.jpg", "foto.jpg", "cv.pdf"),
  fc.string({ maxLength: 60 }),
);
export const fileType = fc.constantFrom(
  "image/jpeg",
  "image/png",
  "application/pdf",
  "text/html",
  "application/x-msdownload",
  "",
);
export const filePart = fc.record({
  field: fc.constantFrom("fotos", "curriculo", "arquivo", "imagem"),
  name: fileName,
  type: fileType,
  data: fc.uint8Array({ maxLength: 2048 }),
});

export const body = fc.oneof(
  fields.map((list) => ({ kind: "urlencoded" as const, list })),
  fc
    .tuple(fields, fc.array(filePart, { maxLength: 4 }))
    .map(([list, files]) => ({ kind: "multipart" as const, list, files })),
  fc.string({ maxLength: 3000 }).map((text) => ({ kind: "json" as const, text })),
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => ({ kind: "bytes" as const, bytes })),
);

export type Body = typeof body extends fc.Arbitrary<infer T> ? T : never;

export function requestBody(generated: Body): { body: BodyInit; headers: Record<string, string> } {
  switch (generated.kind) {
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [k, v] of generated.list) params.append(k, v);
      return { body: params, headers: {} };
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of generated.list) form.append(k, v);
      for (const f of generated.files)
        form.append(f.field, new File([Buffer.from(f.data)], f.name, { type: f.type }));
      return { body: form, headers: {} };
    }
    case "json":
      return { body: generated.text, headers: { "content-type": "application/json" } };
    case "bytes":
      return {
        body: Buffer.from(generated.bytes),
        headers: { "content-type": "multipart/form-data; boundary=----x" },
      };
  }
}

// Library messages in English must never reach a visitor.
export const ENGLISH =
  /\b(invalid input|expected|required|undefined|unexpected|error:|cannot read|is not a function|NaN)\b/i;

/** The texts an answer shows, without the typed values it echoes back into the form. */
const ECHOED = new Set(["values", "intent", "fields", "whatsapp", "email"]);

export function messagesOf(text: string): string {
  if (!text) return "";
  return JSON.stringify(JSON.parse(text), (key, value) =>
    // `values`, `intent`, the booking page's `fields`, the returning tutor's `whatsapp` and the
    // customer's Entrar `email` echo what was typed or sent, not a message of ours.
    ECHOED.has(key) ? undefined : value,
  );
}

/**
 * The rule every fuzzed answer keeps: below 500, and a refusal (4xx) shows no library message
 * in English. Returns whether it was a refusal (the caller then checks nothing was written).
 */
export function expectNoFault(got: { status: number; text: string }): boolean {
  expect(got.status).toBeLessThan(500);
  if (got.status < 400) return false;
  expect(messagesOf(got.text)).not.toMatch(ENGLISH);
  return true;
}

/** Requests sent and their statuses, for the run's printed summary. */
export const tally = { requests: 0, statuses: new Map<number, number>() };

/** Runs a loader or action as the server would and returns its status and body text. */
export async function answer(
  fn: (args: unknown) => unknown,
  request: Request,
  params: Record<string, string>,
): Promise<{ status: number; text: string }> {
  tally.requests++;
  let result: unknown;
  try {
    result = await fn({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown)
      result = thrown;
    else throw thrown;
  }
  let status = 200;
  let text = "";
  if (result instanceof Response) {
    status = result.status;
    // A live stream (the admin's alerts) stays open until its reader leaves: leave at once.
    if (result.headers.get("content-type")?.includes("event-stream")) await result.body?.cancel();
    text = result.headers.get("content-type")?.includes("json") ? await result.text() : "";
  } else if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = (result as { init: ResponseInit | null }).init;
    status = init?.status ?? 200;
    text = JSON.stringify((result as { data: unknown }).data);
  } else {
    text = JSON.stringify(result ?? null);
  }
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  return { status, text };
}

/**
 * fast-check options: FUZZ_RUNS runs per property, and a fixed seed so a CI run is
 * reproducible; FUZZ_SEED=random explores new inputs (a failure prints its seed).
 */
export function fuzzOptions(): { numRuns: number; seed?: number } {
  const numRuns = Number(process.env.FUZZ_RUNS ?? 40);
  const seed = process.env.FUZZ_SEED ?? "20261123";
  return seed === "random" ? { numRuns } : { numRuns, seed: Number(seed) };
}

/** The shop's data: a refused request must leave every one of these tables as it was. */
export const SHOP_TABLES = [
  "categorias",
  "produtos",
  "cupons",
  "bairros_entrega",
  "pedidos",
  "itens_pedido",
  "pedidos_servicos",
  "curriculos",
  "configuracoes",
  "unidades",
  "usuarios",
  "convites",
  "redefinicoes_senha",
  "webhook_entregas",
  "transferencias_estoque",
];

/**
 * Junk for one field of an otherwise valid form: control characters (NUL above all),
 * numbers past every integer type, emoji, very long strings, SQL-ish and markup text.
 */
export const junk = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "Maria\u0000Souza",
    "12\u0000",
    "\u0007\u001b[31m",
    "linha\r\nquebrada",
    "\u007f",
    "\u0085",
    "\u200b",
    "2147483648",
    "-2147483649",
    "9223372036854775808",
    "99999999999999999999999999",
    "1e309",
    "-1",
    "0",
    "<>",
    "💥",
    "🐶🐱🐴",
    "' or 1=1 --",
    "'); drop table pedidos; --",
    "Robert'); DELETE FROM pedidos;--",
    "<script>alert(1)</script>",
    "NaN",
    "",
    " ",
  ),
  // Any UTF-16 code unit: control characters and lone surrogates included.
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.integer({ min: 0, max: 0x9f }), { minLength: 1, maxLength: 8 })
    .map((codes) => `Ana ${String.fromCharCode(...codes)} Lima`),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

/** A valid form with one or two of its fields replaced by junk. */
export function withJunk(fieldNames: readonly string[]) {
  return fc
    .subarray([...fieldNames], { minLength: 1, maxLength: 2 })
    .chain((names) => fc.tuple(...names.map((name) => fc.tuple(fc.constant(name), junk))));
}

/** Control characters (tab and line breaks aside): none may ever be stored. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
export const STORED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
