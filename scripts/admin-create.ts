// npm run admin:create -- [email] [senha]: creates an admin (or resets one), asking
// for what is missing. The password is read without echo when typed.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { passwordWeakness, upsertAdmin } from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { boot, shutdown } from "~/startup/boot.server";

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // biome-ignore lint/suspicious/noExplicitAny: readline's private writer
    (rl as any)._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stdout.write(text);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer.trim();
}

const [argEmail, argPassword] = process.argv.slice(2);
const email = argEmail || process.env.ADMIN_EMAIL || (await ask("E-mail do administrador: "));
const password =
  argPassword || process.env.ADMIN_PASSWORD || (await ask("Senha (mín. 12 caracteres): ", true));

if (!z.email().safeParse(email).success) {
  console.error("E-mail inválido");
  process.exit(1);
}
const database = await boot({ seed: false });
// The shop's own words (its name, units, city) are the first an attacker tries.
const weak = await passwordWeakness(password, [email], await shopPasswordWords());
if (weak) {
  console.error(weak);
  await shutdown(database);
  process.exit(1);
}
const user = await upsertAdmin(email, password);
console.log(`Administrador ${user.email} pronto.`);
await shutdown(database);
