// The one-time links of the team (an invitation, a password reset; decision 0067). The token is
// an HMAC of the link's row and issue time under the server's secret: the database keeps only
// its sha256, and the e-mail's composer derives the same token when it renders the message.
import crypto from "node:crypto";
import { sessionSecret } from "~/platform/secret.server";
import { sha256 } from "./session.server";

export const INVITE_VALID_MS = 48 * 60 * 60 * 1000;
export const RESET_VALID_MS = 24 * 60 * 60 * 1000;

export type LinkKind = "convite" | "senha";

export function linkToken(kind: LinkKind, id: string, emitidoEm: Date): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`equipe:${kind}:${id}:${emitidoEm.toISOString()}`)
    .digest("base64url");
}

export function linkTokenHash(kind: LinkKind, id: string, emitidoEm: Date): string {
  return sha256(linkToken(kind, id, emitidoEm));
}

/** A token as it arrives in a URL: anything but the 43 base64url characters is no token. */
export function readLinkToken(token: string | undefined): string | null {
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** Why a link no longer opens anything, in pt-BR. */
export const LINK_MESSAGES = {
  invalid: "Este link não é válido. Confira se copiou o endereço inteiro do e-mail.",
  conviteUsado: "Este convite já foi usado. Entre com seu e-mail e a senha que você criou.",
  conviteExpirado:
    "Este convite expirou (vale 48 horas). Peça ao dono da loja para reenviar o convite.",
  conviteRevogado: "Este convite foi cancelado pelo dono da loja.",
  senhaUsada: "Este link de redefinição já foi usado. Se precisar, peça um novo ao dono da loja.",
  senhaExpirada: "Este link de redefinição expirou (vale 24 horas). Peça um novo ao dono da loja.",
  contaInativa: "Esta conta está desativada. Fale com o dono da loja.",
} as const;
