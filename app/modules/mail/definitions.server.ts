// The e-mail kinds every module declares in its manifest (`emails`, decision 0062), each
// through `defineEmail`, and what the worker and the admin screens read of them: the composer
// of a queued row's kind, the kind's pt-BR name. The start every composer shares (the site's
// address for links, the sender's block at the foot, the one-click unsubscribe headers) is
// written here, once: `mailFor`.
import type { ReactNode } from "react";
import { shop } from "~/content/shop";
import { unitAddress } from "~/modules/shop";
import { getSettings } from "~/modules/shop/index.server";
import { registeredModules } from "~/platform/module.server";
import { composeMail, type Sender } from "./layout.server";
import { type ComposedEmail, type Composer, originOf } from "./outbox.server";
import type { Email } from "./tables.server";

/** Who reads an e-mail of this kind: the customer (or tutor), or the shop's staff. */
type EmailRecipient = "cliente" | "loja";

/** One kind of e-mail a module sends (the outbox's `tipo`). */
interface EmailDefinition {
  kind: string;
  /** Its name on the admin's e-mail screens (pt-BR). */
  label: string;
  recipient: EmailRecipient;
  /** Renders a queued row of this kind; null when there is nothing to send any more. */
  compose: Composer;
}

/** Declares one e-mail kind for a module's manifest (typed; returned as is). */
export function defineEmail(definition: EmailDefinition): EmailDefinition {
  return definition;
}

/** Every kind the registered modules declare, in the registry's order. */
export function declaredEmailKinds(): EmailDefinition[] {
  return registeredModules().flatMap((m) => (m.emails ?? []) as readonly EmailDefinition[]);
}

function definitionOf(kind: string): EmailDefinition | undefined {
  for (const m of registeredModules()) {
    const found = (m.emails as readonly EmailDefinition[] | undefined)?.find(
      (e) => e.kind === kind,
    );
    if (found) return found;
  }
  return undefined;
}

/** The worker's composer: the one the row's kind declares; a kind nobody declares is dropped. */
export async function composeEmail(row: Email): Promise<ComposedEmail | null> {
  const definition = definitionOf(row.tipo);
  return definition ? definition.compose(row) : null;
}

/** The pt-BR name of a kind; a kind no longer declared shows as stored. */
export function emailKindLabel(kind: string): string {
  return definitionOf(kind)?.label ?? kind;
}

type UnitAddress = Parameters<typeof unitAddress>[0];

/**
 * What every composer starts with: the site's address for the message's links (decision
 * 0057) and the sender at its foot (the razão social and CNPJ the admin set, else the site's
 * own; the unit's address when the message is about one).
 */
async function emailPreamble(
  row: Email,
  unidade: UnitAddress | null,
): Promise<{ origin: string; sender: Sender }> {
  const [origin, settings] = await Promise.all([originOf(row), getSettings()]);
  return {
    origin,
    sender: {
      nome: shop.name,
      razaoSocial: settings.razaoSocial?.trim() || shop.legalName,
      cnpj: settings.cnpj?.trim() || null,
      endereco: unidade ? unitAddress(unidade) : null,
      telefone: shop.phoneDisplay,
      site: origin,
    },
  };
}

/** RFC 8058 one-click unsubscribe: the mail client posts to `href` (the page the footer links). */
export function unsubscribeHeaders(href: string): Record<string, string> {
  return { "List-Unsubscribe": `<${href}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

type Frame = Omit<Parameters<typeof composeMail>[0], "sender">;

/**
 * What a composer starts with: the site's address for its links, the sender, and `compose`,
 * which frames the body with that sender at its foot and, when the message offers to stop
 * (`revogar`), adds the unsubscribe headers pointing at the same address.
 */
export async function mailFor(row: Email, unidade: UnitAddress | null) {
  const { origin, sender } = await emailPreamble(row, unidade);
  async function compose(frame: Frame, body: ReactNode): Promise<ComposedEmail> {
    const mail = await composeMail({ ...frame, sender }, body);
    return frame.revogar ? { ...mail, cabecalhos: unsubscribeHeaders(frame.revogar.href) } : mail;
  }
  return { origin, sender, compose };
}
