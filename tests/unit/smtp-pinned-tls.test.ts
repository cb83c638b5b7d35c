// The password goes over TLS to any server but one on loopback. The integration suite can
// only reach loopback servers (this machine's tests never send to another address), so here
// the connection options of a checked non-loopback target are pointed at a loopback server
// that offers login without STARTTLS: nodemailer must refuse before it logs in.
import type { AddressInfo } from "node:net";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveSmtpTarget } from "~/modules/mail/smtp-target.server";
import { pinnedToTarget } from "~/modules/mail/transport.server";
import { resetEnvCache } from "~/platform/env.server";

const logins: string[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.password ?? "");
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const smtp = () => ({
  host: "smtp.provedor.test",
  port,
  auth: { user: "loja@agropet.test", pass: "s3nha-do-provedor" },
});
const mail = { from: "loja@agropet.test", to: "ana@example.com", subject: "Teste", text: "oi" };

describe("TLS for the saved password", () => {
  it("a server on another machine never gets the password without STARTTLS", async () => {
    const options = pinnedToTarget(smtp(), { address: "127.0.0.1", loopback: false });
    await expect(nodemailer.createTransport(options).sendMail(mail)).rejects.toThrow(/STARTTLS/i);
    expect(logins).toEqual([]);
  });

  it("loopback is the one exception", async () => {
    const options = pinnedToTarget(smtp(), { address: "127.0.0.1", loopback: true });
    await nodemailer.createTransport(options).sendMail(mail);
    expect(logins).toEqual(["s3nha-do-provedor"]);
  });

  it("an allowed private address counts as another machine, not as loopback", async () => {
    process.env.SMTP_ALLOW_PRIVATE_HOSTS = "1";
    resetEnvCache();
    try {
      for (const address of ["10.0.0.5", "192.168.1.20", "192.0.2.2", "172.16.4.1"]) {
        expect(await resolveSmtpTarget(address, 2525)).toMatchObject({ ok: true, loopback: false });
      }
      expect(await resolveSmtpTarget("127.0.0.1", 2525)).toMatchObject({ loopback: true });
    } finally {
      delete process.env.SMTP_ALLOW_PRIVATE_HOSTS;
      resetEnvCache();
    }
  });
});
