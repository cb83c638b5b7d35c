// Where the SMTP server saved in the admin may be. The field takes a host name and a port,
// and the app connects there with the saved password: left open it can reach the shop's
// own network (probe internal ports, hand the password to an internal service). So the
// name is resolved and every address must be a public one (ipaddr.js classifies them),
// unless SMTP_ALLOW_PRIVATE_HOSTS allows the shop's own relay; the port must be a mail
// port for a public server. The check runs when the admin saves and again at every send,
// and the connection goes to the address checked (a name that resolves elsewhere later,
// DNS rebinding, gains nothing).
import dns from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { env } from "~/platform/env.server";
import { MAIL_PORTS } from "./settings.schema";

export type SmtpTarget =
  | {
      ok: true;
      /** The address to connect to (the host name stays for TLS). */
      address: string;
      /** 127.0.0.0/8 or ::1: the one place a password may go without TLS. */
      loopback: boolean;
    }
  | { ok: false; field: "smtpHost" | "smtpPorta"; message: string; unresolved?: boolean };

const LOOKUP_TIMEOUT_MS = 5_000;

type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("DNS lento")), LOOKUP_TIMEOUT_MS).unref(),
  );
  const found = await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout]);
  return found.map((a) => a.address);
};

/** Only global unicast counts as public (not private, loopback, link-local, CGNAT, NAT64…). */
function isPublic(address: string): boolean {
  return ipaddr.process(address).range() === "unicast";
}

const SMTP_PORT_MESSAGE = `Porta não permitida. Use uma porta de e-mail: ${MAIL_PORTS.join(", ")}`;

export async function resolveSmtpTarget(
  host: string,
  port: number,
  lookup: Lookup = systemLookup,
): Promise<SmtpTarget> {
  const allowPrivate = env().SMTP_ALLOW_PRIVATE_HOSTS;
  const mailPort = (MAIL_PORTS as readonly number[]).includes(port);
  if (!mailPort && !allowPrivate) {
    return { ok: false, field: "smtpPorta", message: SMTP_PORT_MESSAGE };
  }
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) {
    return {
      ok: false,
      field: "smtpHost",
      message: "Servidor não encontrado. Confira o nome (ex.: smtp.exemplo.com.br)",
      unresolved: true,
    };
  }
  const internal = addresses.filter((a) => !isPublic(a));
  if (internal.length > 0 && !allowPrivate) {
    return {
      ok: false,
      field: "smtpHost",
      message:
        "Este servidor aponta para um endereço interno (rede local ou a própria máquina). Use o servidor SMTP do seu provedor de e-mail",
    };
  }
  // A public server only on a mail port; the shop's own relay, once allowed, on any.
  if (internal.length === 0 && !mailPort) {
    return { ok: false, field: "smtpPorta", message: SMTP_PORT_MESSAGE };
  }
  const address = addresses[0]!;
  return { ok: true, address, loopback: ipaddr.process(address).range() === "loopback" };
}
