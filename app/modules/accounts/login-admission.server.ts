// The door in front of the login (issue 39, point 9; decision 0055). The argon2 gate
// (password-hashing.server.ts) refused a flood only after each request had read the account
// from the database and, refused, drawn the login page: 300 logins at once still stalled
// PGlite's one thread. Here, in memory and before any of that, a login without a known
// device takes one of a few places (as many as argon2 has turns and waiting places), at
// most two per address; the others are answered at once, by a page of a few
// bytes (http/app.ts) or, when the action is reached, without a database lookup. A browser
// holding a valid device cookie (signed by us: no attacker has one) is not counted here and
// goes ahead of the queue at argon2, so the owner signs in during a flood.
import { now } from "~/platform/clock.server";
import { requestInfo } from "~/platform/request-info.server";
import { deviceCookieHolder } from "./device-cookie.server";
import { HASHING_BUSY_MESSAGE, hashingCapacity } from "./password-hashing.server";

/** The same words as argon2's own refusal: to the visitor it is one and the same wait. */
const LOGIN_BUSY_MESSAGE = HASHING_BUSY_MESSAGE;
const LOGIN_ADDRESS_MESSAGE =
  "Muitas tentativas de login deste endereço. Aguarde alguns segundos e tente novamente.";
/** Seconds a refused client is told to wait (Retry-After). */
export const LOGIN_RETRY_AFTER_S = 2;

/** Logins of one address in progress at once: one address cannot take every place. */
const PER_ADDRESS = 2;

export type LoginRefusal = { status: 429 | 503; message: string };

let places = { max: 0 };
let inFlight = 0;
const perAddress = new Map<string, number>();

function maxInFlight(): number {
  return places.max > 0 ? places.max : hashingCapacity();
}

/** For tests: how many logins without a known device may be in progress at once (0: default). */
export function setLoginAdmissionLimit(max = 0) {
  places = { max };
}

function refusal(ip: string): LoginRefusal | null {
  if ((perAddress.get(ip) ?? 0) >= PER_ADDRESS) {
    return { status: 429, message: LOGIN_ADDRESS_MESSAGE };
  }
  if (inFlight >= maxInFlight()) return { status: 503, message: LOGIN_BUSY_MESSAGE };
  return null;
}

interface Caller {
  ip: string;
  cookie: string | null;
  secure: boolean;
}

function callerOf(request: Request): Caller {
  return {
    ip: requestInfo(request).ip,
    cookie: request.headers.get("cookie"),
    secure: new URL(request.url).protocol === "https:",
  };
}

/**
 * Whether a login would be refused now, without taking anything: for the HTTP layer, which
 * then answers before React Router reads the form, runs the page's loader or draws it.
 */
export function loginRefusedEarly(caller: Caller): LoginRefusal | null {
  if (deviceCookieHolder(caller.cookie, caller.secure, now())) return null;
  return refusal(caller.ip);
}

export type LoginAdmission =
  | { admitted: true; knownDevice: boolean; release: () => void }
  | { admitted: false; refusal: LoginRefusal };

/**
 * Takes a place for this login (one of its address's too), or says why not; a known
 * device takes none. `release` gives the place back once the attempt is answered.
 */
export function admitLogin(request: Request): LoginAdmission {
  const caller = callerOf(request);
  if (deviceCookieHolder(caller.cookie, caller.secure, now())) {
    return { admitted: true, knownDevice: true, release: () => {} };
  }
  const refused = refusal(caller.ip);
  if (refused) return { admitted: false, refusal: refused };
  inFlight += 1;
  perAddress.set(caller.ip, (perAddress.get(caller.ip) ?? 0) + 1);
  let released = false;
  return {
    admitted: true,
    knownDevice: false,
    release: () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      const left = (perAddress.get(caller.ip) ?? 1) - 1;
      if (left > 0) perAddress.set(caller.ip, left);
      else perAddress.delete(caller.ip);
    },
  };
}

/** The light answer of a refused login: a few hundred bytes of pt-BR, nothing read or drawn. */
export function loginRefusalPage(refused: LoginRefusal): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Login administrativo</title></head><body><h1>Painel Administrativo</h1><p>${refused.message}</p><p><a href="/admin/login">Voltar ao login</a></p></body></html>`;
}

/** A login refused at the door: the action answers `refusal`, nothing was read. */
export class LoginRefusedError extends Error {
  constructor(readonly refusal: LoginRefusal) {
    super(refusal.message);
    this.name = "LoginRefusedError";
  }
}
