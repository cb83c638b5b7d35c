// A real SMTP server for the e2e run (Playwright starts it before the app, which sends to
// it): every message it accepts is written as <n>.eml under E2E_SMTP_DIR, where the specs
// read and parse it (mailparser), as a customer's mailbox would get it.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const dir = process.env.E2E_SMTP_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!dir || !port) throw new Error("E2E_SMTP_DIR e E2E_SMTP_PORT são obrigatórios");
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      count += 1;
      const file = path.join(dir, `${String(count).padStart(5, "0")}.eml`);
      // Written then renamed: a spec never reads half a message.
      fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks));
      fs.renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});
// The app stopping in the middle of a conversation resets the connection: not a failure here.
server.on("error", (error) => console.error(`[smtp] ${error.message}`));
server.listen(port, "127.0.0.1");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
