// A real SMTP server for the tests, the crash test and the e2e run (smtp-server): no TLS, no
// login, every accepted message handed over raw with its envelope recipients. One setup for
// all of them, so they all speak to the app the way a mail server would.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedSmtpMessage {
  raw: Buffer;
  /** The envelope's recipients (RCPT TO). */
  to: string[];
}

export interface RunningSmtp {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listenSmtp(options: {
  onMessage(message: ReceivedSmtpMessage): void | Promise<void>;
  port?: number;
  /** When true, connections are refused (a mail server that is out for a while). */
  refuse?: () => boolean;
  /** Wait this long before accepting each message (a slow server). */
  delayMs?: number;
}): Promise<RunningSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (options.refuse?.()) return callback(new Error("Servidor fora do ar"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const message = {
          raw: Buffer.concat(chunks),
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        Promise.resolve(options.onMessage(message))
          .then(() =>
            options.delayMs ? setTimeout(() => callback(), options.delayMs) : callback(),
          )
          .catch(callback);
      });
    },
  });
  // A client dropping a connection (an app killed mid-send) is not the server's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
