// CEP at the checkout (decision 0041): the street, neighbourhood and city of a CEP from
// ViaCEP, with BrasilAPI as the second source, each with a short timeout; answers kept in
// memory (a day when found, an hour when not; a failure is never kept). The neighbourhood is
// matched to the served ones (./cep.ts), so the checkout says at once whether it delivers
// there. The base URLs come from the environment, so tests answer from a local server.
import { shop } from "~/content/shop";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { consumeRateLimit, rateLimitRule } from "~/platform/rate-limits.server";
import { listActiveBairros } from "./bairros.server";
import { CEP_MESSAGES, formatCep, matchServedNeighbourhood, normalizeCep, sameCity } from "./cep";

interface CepAddress {
  rua: string;
  bairro: string;
  cidade: string;
  uf: string;
  fonte: "viacep" | "brasilapi";
}

type Lookup =
  | { status: "found"; endereco: CepAddress }
  | { status: "not-found" }
  | { status: "failed"; motivo?: string };

const FOUND_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_MS = 60 * 60 * 1000;
const MAX_KEPT = 2000;
const kept = new Map<string, { lookup: Lookup; until: number }>();

const str = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 200) : "");

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(env().CEP_TIMEOUT_MS),
  });
  const body = await response.json().catch(() => null);
  return { status: response.status, body };
}

/** ViaCEP: `{ logradouro, bairro, localidade, uf }`, or `{ erro: true }` for an unknown CEP. */
async function viaCep(cep: string): Promise<Lookup> {
  const { status, body } = await getJson(`${env().CEP_VIACEP_URL}/ws/${cep}/json/`);
  if (status === 400) return { status: "not-found" };
  if (status !== 200 || !body || typeof body !== "object") return failedWith(status);
  const b = body as Record<string, unknown>;
  if (b.erro === true || b.erro === "true") return { status: "not-found" };
  return addressFrom(b, ["logradouro", "bairro", "localidade", "uf"], "viacep");
}

/** BrasilAPI: `{ street, neighborhood, city, state }`, 404 for an unknown CEP. */
async function brasilApi(cep: string): Promise<Lookup> {
  const { status, body } = await getJson(`${env().CEP_BRASILAPI_URL}/api/cep/v1/${cep}`);
  if (status === 404) return { status: "not-found" };
  if (status !== 200 || !body || typeof body !== "object") return failedWith(status);
  return addressFrom(
    body as Record<string, unknown>,
    ["street", "neighborhood", "city", "state"],
    "brasilapi",
  );
}

/**
 * The address in a service's answer, read from the fields as that service names them (street,
 * district, city, state); an answer without a city is not an address.
 */
function addressFrom(
  b: Record<string, unknown>,
  [rua, bairro, cidade, uf]: [string, string, string, string],
  fonte: "viacep" | "brasilapi",
): Lookup {
  const city = str(b[cidade]);
  if (!city) return failedWith(200);
  return {
    status: "found",
    endereco: { rua: str(b[rua]), bairro: str(b[bairro]), cidade: city, uf: str(b[uf]), fonte },
  };
}

function failedWith(status: number): Lookup {
  return { status: "failed", motivo: status === 200 ? "resposta inválida" : `HTTP ${status}` };
}

/**
 * Why a request to a CEP service failed, in a few words: the timeout, the network's code
 * (ECONNREFUSED, ENOTFOUND...) or the error's message. Never its stack: a service that is
 * down is the service's news, one line in the log (issue 39), not a fault of the shop.
 */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 120);
  if (error.name === "TimeoutError" || error.name === "AbortError") {
    return `sem resposta em ${env().CEP_TIMEOUT_MS} ms`;
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === "string" ? cause.code : null;
  return (code ?? `${error.name}: ${error.message}`).slice(0, 120);
}

async function ask(source: (cep: string) => Promise<Lookup>, cep: string, name: string) {
  let lookup: Lookup;
  try {
    lookup = await source(cep);
  } catch (error) {
    lookup = { status: "failed", motivo: reasonOf(error) };
  }
  if (lookup.status === "failed") {
    logger.warn({ fonte: name, motivo: lookup.motivo }, `serviço de CEP ${name} indisponível`);
  }
  return lookup;
}

/** The address of a CEP (8 digits): ViaCEP, then BrasilAPI when it fails or does not know it. */
async function lookupCep(cep: string): Promise<Lookup> {
  const first = await ask(viaCep, cep, "viacep");
  if (first.status === "found") return first;
  const second = await ask(brasilApi, cep, "brasilapi");
  if (second.status === "found") return second;
  return first.status === "not-found" || second.status === "not-found"
    ? { status: "not-found" }
    : { status: "failed" };
}

/** What the checkout shows of a CEP: the address to fill in, and whether the shop delivers there. */
type CepAnswer =
  | {
      ok: true;
      cep: string;
      rua: string;
      /** The served neighbourhood's name as the shop writes it, else the one found. */
      bairro: string;
      cidade: string;
      uf: string;
      atendido: boolean;
      mensagem: string;
    }
  | { ok: false; status: 400 | 404 | 429 | 503; mensagem: string };

/** The CEP's address for the checkout, kept in memory; `ip` is counted per lookup outside. */
export async function cepForCheckout(text: string, ip: string): Promise<CepAnswer> {
  const cep = normalizeCep(text);
  if (!cep) return { ok: false, status: 400, mensagem: CEP_MESSAGES.invalid };
  let entry = kept.get(cep);
  if (!entry || entry.until <= Date.now()) {
    if (!(await consumeRateLimit("cep", ip, rateLimitRule("cep")))) {
      return { ok: false, status: 429, mensagem: CEP_MESSAGES.tooMany };
    }
    const lookup = await lookupCep(cep);
    entry = { lookup, until: Date.now() + (lookup.status === "found" ? FOUND_MS : NOT_FOUND_MS) };
    if (lookup.status !== "failed") {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(cep, entry);
    }
  }
  const { lookup } = entry;
  if (lookup.status === "not-found")
    return { ok: false, status: 404, mensagem: CEP_MESSAGES.notFound };
  if (lookup.status === "failed")
    return { ok: false, status: 503, mensagem: CEP_MESSAGES.unavailable };
  const { rua, bairro, cidade, uf } = lookup.endereco;
  const served = await listActiveBairros();
  // A neighbourhood of the same name in another town is not served.
  const inTown = served.length === 0 || sameCity(cidade, shop.city);
  const match = inTown ? matchServedNeighbourhood(bairro, served) : null;
  const shown = match ?? bairro;
  const lugar = `${shown ? `${shown}, ` : ""}${cidade}/${uf}`;
  return {
    ok: true,
    cep: formatCep(cep),
    rua,
    bairro: match ?? bairro,
    cidade,
    uf,
    atendido: match !== null,
    mensagem: match
      ? `Entregamos em ${lugar}. Confira a rua e informe o número.`
      : `Ainda não entregamos em ${lugar}. Você pode retirar o pedido em uma das nossas unidades.`,
  };
}

/** Tests start each case with nothing kept. */
export function forgetCepLookups(): void {
  kept.clear();
}
