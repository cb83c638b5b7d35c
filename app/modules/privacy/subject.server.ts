// What the shop holds about one person (LGPD art. 18), found by the phone or e-mail they
// used: their orders (with items), grooming requests (with the pet photos), grooming bookings
// (with their pets), resumes (with the PDFs) and their customer account (addresses, pets with
// weights, vaccines and photos, consents, back-in-stock requests). The admin downloads it all
// as one ZIP, or anonymises it: personal fields go, order totals and items stay for the
// accounts (decision 0045). A signed-in customer gets the same ZIP for their verified e-mail,
// and deletes their own account the same way, once nothing of theirs is open (decision 0075).
// All of it is audited, without the phone or e-mail itself (the trail must not keep what was
// erased).
import { PassThrough, Readable } from "node:stream";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { registeredModules } from "~/platform/module.server";
import type {
  PersonalDataErased,
  PersonalDataFound,
  PersonalDataHandler,
  StoredFile,
  Subject,
} from "~/platform/personal-data.server";
import { storage } from "~/platform/storage.server";

export type { Subject };

/** The customer acting on their own data (signed in with their e-mail's code). */
export interface CustomerActor {
  request: Request;
  clienteId: string;
}

type PrivacyActor = AdminActor | CustomerActor;

/** One privacy action in the audit trail: the admin's, or the customer's on their account. */
async function record(
  executor: Executor,
  actor: PrivacyActor,
  action: string,
  details: Record<string, unknown>,
) {
  if ("clienteId" in actor) {
    await logAudit(
      {
        request: actor.request,
        adminUserId: null,
        action,
        resourceType: "cliente",
        resourceId: actor.clienteId,
        details: { ...details, pelo: "cliente" },
      },
      executor,
    );
  } else {
    await audit(executor, actor, action, "privacidade", null, details);
  }
}

export function parseSubject(value: string): Subject {
  const text = value.trim();
  if (text.includes("@")) return { kind: "email", email: text.toLowerCase() };
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("55") && digits.length >= 12) digits = digits.slice(2);
  return { kind: "telefone", digits };
}

/** Only an e-mail or a phone with its area code identifies someone. */
function matchable(subject: Subject): boolean {
  return subject.kind === "email" ? subject.email.includes("@") : subject.digits.length >= 10;
}

/** The modules' personal-data handlers, in the registry's order. */
const handlers = (): PersonalDataHandler[] =>
  registeredModules().flatMap((module) => (module.personalData ? [module.personalData] : []));

/** Sums the counts of several modules (the admin's screen, the audit row). */
function sumCounts(parts: { counts: Record<string, number> }[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.counts)) total[key] = (total[key] ?? 0) + value;
  }
  return total;
}

/** Everything the modules hold about the subject. */
async function findSubjectData(
  subject: Subject,
  executor: Executor = db(),
): Promise<PersonalDataFound[]> {
  if (!matchable(subject)) return [];
  return Promise.all(handlers().flatMap((h) => (h.find ? [h.find(subject, executor)] : [])));
}

/** The counts every screen shows, zero when no module found any. */
const SUMMARY_KEYS = [
  "pedidos",
  "servicos",
  "fotos",
  "agendamentos",
  "curriculos",
  "contas",
  "pets",
] as const;

/** How many of each the subject has (the admin's screen, before export or anonymise). */
export async function subjectSummary(subject: Subject) {
  const counts = sumCounts(await findSubjectData(subject));
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, counts[key] ?? 0])) as Record<
    (typeof SUMMARY_KEYS)[number],
    number
  >;
}

const README = `Dados pessoais guardados pela loja sobre um titular (LGPD, art. 18).

dados.json      pedidos da loja (com os itens), pedidos de orçamento e agendamentos de
                banho e tosa (com os pets), currículos e a conta de cliente: contas,
                endereços, pets, pesos, vacinas, notas da equipe sobre os pets,
                consentimentos, pedidos de "avise-me quando chegar", aparelhos
                conectados à conta (navegador e datas, sem o segredo da sessão) e
                compras programadas (assinaturas, itens e ciclos)
fotos/          as fotos dos pets enviadas nos pedidos de banho e tosa
pets/           as fotos dos pets cadastrados na conta
vacinas/        as fotos dos comprovantes de vacina
curriculos/     os currículos em PDF enviados pelo Trabalhe Conosco

Valores em centavos; datas em UTC (ISO 8601).
`;

/**
 * The ZIP of everything held about the subject, streamed (files are added one by one as they
 * are read from storage). Audited before the first byte leaves.
 */
export async function exportSubjectZip(
  subject: Subject,
  actor: PrivacyActor,
): Promise<ReadableStream<Uint8Array>> {
  const found = await findSubjectData(subject);
  const counts = sumCounts(found);
  await record(db(), actor, "titular_exportado", {
    tipo: subject.kind,
    pedidos: counts.pedidos ?? 0,
    servicos: counts.servicos ?? 0,
    agendamentos: counts.agendamentos ?? 0,
    curriculos: counts.curriculos ?? 0,
  });
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const json = {
    geradoEm: now().toISOString(),
    titular: subject.kind === "email" ? { email: subject.email } : { telefone: subject.digits },
    pedidos: [],
    servicos: [],
    agendamentos: [],
    curriculos: [],
    contas: [],
    enderecos: [],
    pets: [],
    pesos: [],
    vacinas: [],
    notas: [],
    consentimentos: [],
    avisosChegada: [],
    aparelhos: [],
    ...Object.assign({}, ...found.map((part) => part.data)),
  };
  zip.addBuffer(Buffer.from(README, "utf8"), "LEIA-ME.txt");
  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2), "utf8"), "dados.json");
  void (async () => {
    try {
      for (const file of found.flatMap((part) => part.files)) {
        const bytes = await storage().read(file.area, file.key);
        if (bytes) zip.addBuffer(bytes, file.name);
      }
      zip.end();
    } catch (error) {
      logger.error({ err: error }, "exportação de dados do titular falhou");
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/**
 * Erases the subject's personal data in one transaction, each module its own (its handler
 * says what stays for the accounts: an order's number, items and totals; a booking's day and
 * services; a resume goes entirely); then the copies other modules kept of those records
 * (e-mails, webhook deliveries, live alerts). Files are removed once the rows are.
 */
export async function anonymiseSubject(subject: Subject, actor: AdminActor) {
  if (!matchable(subject)) return { pedidos: 0, servicos: 0, agendamentos: 0, curriculos: 0 };
  return (await erase(subject, actor)).counts;
}

/**
 * "Excluir minha conta": the customer's verified e-mail anonymised as the admin's
 * anonymisation does, refused while an order or a booking of theirs is open (the list,
 * named, comes back instead). The check runs in the erasing transaction, after a lock on
 * the subject, so two deletions of one account run one after the other.
 */
export async function eraseOwnAccount(
  email: string,
  actor: CustomerActor,
): Promise<{ aberto: string[] }> {
  const subject: Subject = { kind: "email", email: email.trim().toLowerCase() };
  if (!matchable(subject)) return { aberto: [] };
  return { aberto: (await erase(subject, actor, true)).aberto };
}

/** What of the customer's verified e-mail is still open (the deletion step names it). */
export async function ownOpenWork(email: string): Promise<string[]> {
  const subject: Subject = { kind: "email", email: email.trim().toLowerCase() };
  if (!matchable(subject)) return [];
  const open: string[] = [];
  for (const handler of handlers()) {
    if (handler.openWork) open.push(...(await handler.openWork(subject, db())));
  }
  return open;
}

async function erase(subject: Subject, actor: PrivacyActor, refuseWhileOpen = false) {
  const erased: PersonalDataErased[] = [];
  const result = await transaction(async (tx) => {
    if (refuseWhileOpen) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`titular:${JSON.stringify(subject)}`}))`,
      );
      const open: string[] = [];
      for (const handler of handlers()) {
        if (handler.openWork) open.push(...(await handler.openWork(subject, tx)));
      }
      if (open.length > 0) return { aberto: open, counts: null };
    }
    for (const handler of handlers()) {
      if (handler.anonymise) erased.push(await handler.anonymise(subject, tx));
    }
    const references = erased.flatMap((part) => part.references);
    for (const handler of handlers()) {
      if (handler.forgetCopies)
        erased.push(await handler.forgetCopies({ references, subject }, tx));
    }
    const total = sumCounts(erased);
    const result = {
      pedidos: total.pedidos ?? 0,
      servicos: total.servicos ?? 0,
      agendamentos: total.agendamentos ?? 0,
      curriculos: total.curriculos ?? 0,
    };
    await record(tx, actor, "titular_anonimizado", { tipo: subject.kind, ...result });
    return { aberto: [] as string[], counts: result };
  });
  if (result.counts) await afterErasing(erased);
  return {
    aberto: result.aberto,
    counts: result.counts ?? { pedidos: 0, servicos: 0, agendamentos: 0, curriculos: 0 },
  };
}

/** Removes the files of what was erased, and runs each module's work after the commit. */
async function afterErasing(erased: PersonalDataErased[]) {
  const files: StoredFile[] = erased.flatMap((part) => part.files);
  for (const file of files) await storage().delete(file.area, file.key);
  for (const part of erased) await part.afterCommit?.();
}

/** The modules' handlers (retention reads them too). */
export { handlers as personalDataHandlers, sumCounts };
