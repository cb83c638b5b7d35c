// A real SMTP server for the e2e run (Playwright starts it before the app, which sends to
// it): every message it accepts is written as <n>.eml under E2E_SMTP_DIR, where the specs
// read and parse it (mailparser), as a customer's mailbox would get it.
import fs from "node:fs";
import path from "node:path";
import { listenSmtp } from "../../scripts/lib/smtp-server";

const dir = process.env.E2E_SMTP_DIR;
const port = Number(process.env.E2E_SMTP_PORT);
if (!dir || !port) throw new Error("E2E_SMTP_DIR e E2E_SMTP_PORT são obrigatórios");
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = await listenSmtp({
  port,
  onMessage({ raw }) {
    count += 1;
    const file = path.join(dir, `${String(count).padStart(5, "0")}.eml`);
    // Written then renamed: a spec never reads half a message.
    fs.writeFileSync(`${file}.tmp`, raw);
    fs.renameSync(`${file}.tmp`, file);
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
