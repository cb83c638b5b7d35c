// A customer's consent per purpose (issue 42 point 6, decision 0075): shown and switched on
// /conta/privacidade, revoked in one click from the foot of every customer e-mail by a link
// signed for that e-mail and purpose, and read by whoever queues or composes those e-mails.
// Each change is one row of the audit trail (when, which purpose, yes or no, where), so the
// history outlives the current row.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  CONSENTIMENTO_PADRAO,
  FINALIDADE_CONSENTIMENTO_LABEL,
  FINALIDADES_CONSENTIMENTO,
  type FinalidadeConsentimento,
} from "~/domain/pets";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { sameSecret, sessionSecret } from "~/platform/secret.server";
import { customerByEmail, normalizeCustomerEmail } from "./session.server";
import { clientes, consentimentosClientes } from "./tables.server";

/** Where a consent was given or revoked (kept on the row and in the trail). */
export type ConsentOrigin = "conta" | "email" | "checkout" | "agendamento" | "avise-me";

export interface ConsentState {
  finalidade: FinalidadeConsentimento;
  label: string;
  concedido: boolean;
  /** When and where it last changed; null while it is the default. */
  alteradoEm: Date | null;
  origem: string | null;
}

function isFinalidade(value: unknown): value is FinalidadeConsentimento {
  return (FINALIDADES_CONSENTIMENTO as readonly unknown[]).includes(value);
}

/** Every purpose with the customer's choice, or its default. */
export async function consentsOf(
  clienteId: string,
  executor: Executor = db(),
): Promise<ConsentState[]> {
  const rows = await executor
    .select()
    .from(consentimentosClientes)
    .where(eq(consentimentosClientes.clienteId, clienteId));
  return FINALIDADES_CONSENTIMENTO.map((finalidade) => {
    const row = rows.find((r) => r.finalidade === finalidade);
    return {
      finalidade,
      label: FINALIDADE_CONSENTIMENTO_LABEL[finalidade],
      concedido: row ? row.concedido : CONSENTIMENTO_PADRAO[finalidade],
      alteradoEm: row?.alteradoEm ?? null,
      origem: row?.origem ?? null,
    };
  });
}

/**
 * Sets one purpose (an upsert on the customer and purpose) and writes the change to the audit
 * trail with where it came from. Setting what already holds changes and records nothing.
 */
export async function setConsent(
  clienteId: string,
  finalidade: FinalidadeConsentimento,
  concedido: boolean,
  origem: ConsentOrigin,
  request?: Request,
  executor?: Executor,
): Promise<boolean> {
  const run = async (tx: Executor) => {
    const [current] = await tx
      .select({ concedido: consentimentosClientes.concedido })
      .from(consentimentosClientes)
      .where(
        and(
          eq(consentimentosClientes.clienteId, clienteId),
          eq(consentimentosClientes.finalidade, finalidade),
        ),
      )
      .for("update");
    const before = current ? current.concedido : CONSENTIMENTO_PADRAO[finalidade];
    const at = now();
    await tx
      .insert(consentimentosClientes)
      .values({ clienteId, finalidade, concedido, origem, alteradoEm: at })
      .onConflictDoUpdate({
        target: [consentimentosClientes.clienteId, consentimentosClientes.finalidade],
        set: { concedido, origem, alteradoEm: at },
      });
    if (before === concedido) return false;
    await logAudit(
      {
        request,
        adminUserId: null,
        action: concedido ? "consentimento_concedido" : "consentimento_revogado",
        resourceType: "cliente",
        resourceId: clienteId,
        details: { finalidade, origem },
      },
      tx,
    );
    return true;
  };
  return executor ? run(executor) : transaction(run);
}

/**
 * Whether the e-mail may not get messages of this purpose: its account said no, or never said
 * yes to a purpose that needs one (news). An e-mail without an account has the defaults.
 * Transactional messages the person just asked for (the sign-in code, the order's
 * confirmation) never ask this.
 */
export async function consentRevoked(
  email: string,
  finalidade: FinalidadeConsentimento,
  executor: Executor = db(),
): Promise<boolean> {
  const [row] = await executor
    .select({ concedido: consentimentosClientes.concedido })
    .from(consentimentosClientes)
    .innerJoin(clientes, eq(clientes.id, consentimentosClientes.clienteId))
    .where(
      and(
        eq(clientes.email, normalizeCustomerEmail(email)),
        eq(consentimentosClientes.finalidade, finalidade),
      ),
    );
  return !(row ? row.concedido : CONSENTIMENTO_PADRAO[finalidade]);
}

/** Each purpose as an e-mail's foot and the revoke page say it, to the reader. */
const PURPOSE_TO_READER: Record<FinalidadeConsentimento, string> = {
  pedidos: "e-mails sobre o andamento dos seus pedidos",
  agendamentos: "lembretes dos agendamentos de banho e tosa",
  estoque: "avisos de produtos esgotados que voltaram",
  novidades: "novidades e promoções",
};

/** The signature of the one-click revoke link of an e-mail and a purpose. */
function revokeSignature(email: string, finalidade: FinalidadeConsentimento): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`consentimento:${finalidade}:${normalizeCustomerEmail(email)}`)
    .digest("base64url")
    .slice(0, 32);
}

/** The foot of a customer e-mail: the signed link that stops this purpose's e-mails. */
export function consentFooter(
  origin: string,
  email: string,
  finalidade: FinalidadeConsentimento,
): { href: string; label: string } {
  const query = new URLSearchParams({
    titular: normalizeCustomerEmail(email),
    assinatura: revokeSignature(email, finalidade),
  });
  return {
    href: `${origin}/conta/consentimento/${finalidade}?${query}`,
    label: PURPOSE_TO_READER[finalidade],
  };
}

/**
 * The one-click revoke from an e-mail: null for a forged or altered link (wrong signature,
 * e-mail or purpose). `apply` revokes (a POST); a GET only reads, since mail scanners open
 * every link. The e-mail's account is created when it has none, to remember the "no" (the
 * signed link reached that mailbox, as a sign-in code would).
 */
export async function revokeByLink(
  finalidade: string,
  titular: string | null,
  assinatura: string | null,
  apply: boolean,
  request?: Request,
): Promise<{ finalidade: FinalidadeConsentimento; label: string; revogado: boolean } | null> {
  if (!isFinalidade(finalidade) || !titular || !assinatura) return null;
  if (titular.length > 254 || assinatura.length > 100 || !titular.includes("@")) return null;
  if (!sameSecret(revokeSignature(titular, finalidade), assinatura)) return null;
  const label = PURPOSE_TO_READER[finalidade];
  if (!apply) return { finalidade, label, revogado: await consentRevoked(titular, finalidade) };
  await transaction(async (tx) => {
    const cliente = await customerByEmail(titular, tx);
    await setConsent(cliente.id, finalidade, false, "email", request, tx);
  });
  return { finalidade, label, revogado: true };
}
