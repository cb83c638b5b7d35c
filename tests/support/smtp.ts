// A real SMTP server in the test process (smtp-server), every message parsed (mailparser).
// `down` makes it refuse connections, as a mail server that is out for a while.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/infra/env.server";

export interface SmtpCapture {
  messages: (ParsedMail & { envelopeTo: string[] })[];
  down: boolean;
  url: string;
  /** Points SMTP_URL at this server (or unsets it). */
  use(on: boolean): void;
}

export function withSmtpServer(): SmtpCapture {
  const capture: SmtpCapture = {
    messages: [],
    down: false,
    url: "",
    use(on) {
      if (on) process.env.SMTP_URL = capture.url;
      else delete process.env.SMTP_URL;
      resetEnvCache();
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (capture.down) return callback(new Error("Servidor fora do ar"));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true })
        .then((parsed) => {
          capture.messages.push(
            Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }),
          );
          callback();
        })
        .catch(callback);
    },
  });
  // A client dropping a connection is the client's business, not a crash of the test run.
  server.on("error", () => {});
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    capture.url = `smtp://127.0.0.1:${port}`;
    capture.use(true);
  });
  afterAll(async () => {
    capture.use(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return capture;
}
