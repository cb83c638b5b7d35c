// The site's address for links that leave the request (decision 0057): PUBLIC_URL when set;
// otherwise the address the shop's admins use, learned as a signed-in admin opens the panel.
// A customer's request never decides it: without PUBLIC_URL, an order posted with a forged
// Host header (`Host: phishing.example`) used to send the customer's e-mail with links to
// that host. An admin's session cannot be had with a forged Host (the cookie belongs to the
// real one), so what an admin's browser was sent to is the shop's own address.

import { db } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { currentSettings, updateSettings } from "./settings.server";

/** A loopback address: the machine itself (a tunnel, a test), never another site. */
function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Called as a signed-in admin opens the panel: keeps the address the panel was reached at,
 * when it is new. A loopback one (an SSH tunnel for maintenance) never replaces a public one.
 */
export async function rememberSiteAddress(request: Request): Promise<void> {
  if (env().PUBLIC_URL) return;
  const origin = new URL(request.url).origin;
  const known = (await currentSettings()).enderecoSite;
  if (known === origin) return;
  if (known && isLoopbackOrigin(origin) && !isLoopbackOrigin(known)) return;
  await updateSettings(db(), { enderecoSite: origin });
  logger.info(
    { endereco: origin, antes: known },
    "endereço do site para links de e-mail aprendido do painel (defina PUBLIC_URL para fixá-lo)",
  );
}

/**
 * The origin for links in messages: PUBLIC_URL; else the address learned from the panel;
 * else `fallback` when it is a loopback address (development, tests); else null (the
 * caller uses the server's own local address).
 */
export async function siteAddressForLinks(fallback: string | null): Promise<string | null> {
  const configured = env().PUBLIC_URL;
  if (configured) return new URL(configured).origin;
  const learned = (await currentSettings()).enderecoSite;
  if (learned) return learned;
  if (fallback && isLoopbackOrigin(fallback)) return fallback;
  return null;
}
