// A real SMTP server in the test process (smtp-server), every message parsed (mailparser).
// `down` makes it refuse connections, as a mail server that is out for a while.
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "~/platform/env.server";
import { listenSmtp, type RunningSmtp } from "../../scripts/lib/smtp-server";

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
  let server: RunningSmtp | undefined;
  beforeAll(async () => {
    server = await listenSmtp({
      refuse: () => capture.down,
      async onMessage({ raw, to }) {
        const parsed = await simpleParser(raw, { skipImageLinks: true });
        capture.messages.push(Object.assign(parsed, { envelopeTo: to }));
      },
    });
    capture.url = server.url;
    capture.use(true);
  });
  afterAll(async () => {
    capture.use(false);
    await server?.close();
  });
  return capture;
}
