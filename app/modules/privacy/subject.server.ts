// What the shop holds about one person (LGPD art. 18), found by the phone or e-mail they
// used: their orders (with items), grooming requests (with the pet photos), grooming bookings
// (with their pets) and resumes (with the PDFs). The admin downloads it all as one ZIP, or anonymises it: personal fields go,
// order totals and items stay for the accounts (decision 0045). Both are audited, without
// the phone or e-mail itself (the trail must not keep what was erased).
import fs from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import yazl from "yazl";
import { avisos } from "~/modules/alerts/index.server";
import { curriculos } from "~/modules/careers/index.server";
import {
  agendamentoPets,
  agendamentos,
  codigosTutor,
  pedidosServicos,
} from "~/modules/grooming/index.server";
import { emails, mailDir } from "~/modules/mail/index.server";
import { webhookEntregas } from "~/modules/notifications/index.server";
import { itensPedido, pedidos } from "~/modules/orders/index.server";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { keyFromPublicUrl, storage } from "~/platform/storage.server";

/** A phone (digits, without the country code) or an e-mail (lower case). */
export type Subject = { kind: "telefone"; digits: string } | { kind: "email"; email: string };

export function parseSubject(value: string): Subject {
  const text = value.trim();
  if (text.includes("@")) return { kind: "email", email: text.toLowerCase() };
  let digits = text.replace(/\D/g, "");
  if (digits.startsWith("55") && digits.length >= 12) digits = digits.slice(2);
  return { kind: "telefone", digits };
}

/** The column holds this phone, however it was typed ('(47) 98888-7777', '5547988887777'). */
function samePhone(column: AnyColumn, digits: string): SQL {
  const stored = sql`regexp_replace(${column}, '\\D', '', 'g')`;
  return sql`(${stored} = ${digits} or ${stored} = ${`55${digits}`})`;
}

const sameEmail = (column: AnyColumn, email: string) => sql`lower(trim(${column})) = ${email}`;

/** Only an e-mail or a phone with its area code identifies someone. */
function matchable(subject: Subject): boolean {
  return subject.kind === "email" ? subject.email.includes("@") : subject.digits.length >= 10;
}

function orderMatch(s: Subject) {
  return s.kind === "telefone"
    ? samePhone(pedidos.clienteTelefone, s.digits)
    : sameEmail(pedidos.clienteEmail, s.email);
}

function groomingMatch(s: Subject) {
  // A grooming request has no e-mail: only the phone finds it.
  return s.kind === "telefone" ? samePhone(pedidosServicos.whatsapp, s.digits) : sql`false`;
}

function bookingMatch(s: Subject) {
  return s.kind === "telefone"
    ? samePhone(agendamentos.whatsapp, s.digits)
    : sameEmail(agendamentos.email, s.email);
}

function resumeMatch(s: Subject) {
  return s.kind === "telefone"
    ? samePhone(curriculos.telefone, s.digits)
    : sameEmail(curriculos.email, s.email);
}

/** Everything held about the subject, as rows. */
async function findSubjectData(subject: Subject, executor: Executor = db()) {
  if (!matchable(subject)) {
    return { pedidos: [], itens: [], servicos: [], agendamentos: [], pets: [], curriculos: [] };
  }
  const [orders, grooming, bookings, resumes] = await Promise.all([
    executor.select().from(pedidos).where(orderMatch(subject)).orderBy(pedidos.createdAt),
    executor
      .select()
      .from(pedidosServicos)
      .where(groomingMatch(subject))
      .orderBy(pedidosServicos.createdAt),
    executor
      .select()
      .from(agendamentos)
      .where(bookingMatch(subject))
      .orderBy(agendamentos.createdAt),
    executor.select().from(curriculos).where(resumeMatch(subject)).orderBy(curriculos.createdAt),
  ]);
  const items =
    orders.length === 0
      ? []
      : await executor
          .select()
          .from(itensPedido)
          .where(
            inArray(
              itensPedido.pedidoId,
              orders.map((o) => o.id),
            ),
          );
  const pets =
    bookings.length === 0
      ? []
      : await executor
          .select()
          .from(agendamentoPets)
          .where(
            inArray(
              agendamentoPets.agendamentoId,
              bookings.map((b) => b.id),
            ),
          );
  return {
    pedidos: orders,
    itens: items,
    servicos: grooming,
    agendamentos: bookings,
    pets,
    curriculos: resumes,
  };
}

/** How many of each the subject has (the admin's screen, before export or anonymise). */
export async function subjectSummary(subject: Subject) {
  const data = await findSubjectData(subject);
  return {
    pedidos: data.pedidos.length,
    servicos: data.servicos.length,
    fotos: data.servicos.reduce((n, s) => n + s.fotos.length, 0),
    agendamentos: data.agendamentos.length,
    curriculos: data.curriculos.length,
  };
}

const PRIVATE_PREFIX = "private:";
const README = `Dados pessoais guardados pela loja sobre um titular (LGPD, art. 18).

dados.json      pedidos da loja (com os itens), pedidos de orçamento e agendamentos de
                banho e tosa (com os pets) e currículos
fotos/          as fotos dos pets enviadas nos pedidos de banho e tosa
curriculos/     os currículos em PDF enviados pelo Trabalhe Conosco

Valores em centavos; datas em UTC (ISO 8601).
`;

/** A safe file name piece from free text. */
const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40) || "arquivo";

/**
 * The ZIP of everything held about the subject, streamed (files are added one by one as they
 * are read from storage). Audited before the first byte leaves.
 */
export async function exportSubjectZip(
  subject: Subject,
  actor: AdminActor,
): Promise<ReadableStream<Uint8Array>> {
  const data = await findSubjectData(subject);
  await audit(db(), actor, "titular_exportado", "privacidade", null, {
    tipo: subject.kind,
    pedidos: data.pedidos.length,
    servicos: data.servicos.length,
    agendamentos: data.agendamentos.length,
    curriculos: data.curriculos.length,
  });
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const itemsOf = (id: string) => data.itens.filter((i) => i.pedidoId === id);
  const json = {
    geradoEm: now().toISOString(),
    titular: subject.kind === "email" ? { email: subject.email } : { telefone: subject.digits },
    pedidos: data.pedidos.map(({ tokenHash: _t, idempotencyKey: _k, ...order }) => ({
      ...order,
      itens: itemsOf(order.id),
    })),
    servicos: data.servicos.map((s) => ({
      ...s,
      arquivosFotos: s.fotos.map((_, i) => `fotos/${s.numeroPedido}-${i + 1}.webp`),
    })),
    agendamentos: data.agendamentos.map(({ tokenHash: _t, chaveEnvio: _k, ipHash: _i, ...a }) => ({
      ...a,
      pets: data.pets.filter((p) => p.agendamentoId === a.id),
    })),
    curriculos: data.curriculos.map((c) => ({
      ...c,
      arquivo: c.curriculoUrl ? `curriculos/${slug(c.nomeCompleto)}-${c.id}.pdf` : null,
    })),
  };
  zip.addBuffer(Buffer.from(README, "utf8"), "LEIA-ME.txt");
  zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2), "utf8"), "dados.json");
  void (async () => {
    try {
      for (const s of data.servicos) {
        for (const [i, url] of s.fotos.entries()) {
          const key = keyFromPublicUrl(url);
          const bytes = key ? await storage().read("public", key) : null;
          if (bytes) zip.addBuffer(bytes, `fotos/${s.numeroPedido}-${i + 1}.webp`);
        }
      }
      for (const c of data.curriculos) {
        if (!c.curriculoUrl.startsWith(PRIVATE_PREFIX)) continue;
        const bytes = await storage().read("private", c.curriculoUrl.slice(PRIVATE_PREFIX.length));
        if (bytes) zip.addBuffer(bytes, `curriculos/${slug(c.nomeCompleto)}-${c.id}.pdf`);
      }
      zip.end();
    } catch (error) {
      logger.error({ err: error }, "exportação de dados do titular falhou");
      out.destroy(error as Error);
    }
  })();
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

const ANONYMOUS = "Titular anonimizado";

/**
 * Erases the subject's personal data in one transaction: orders keep their number, items,
 * totals, payment and dates; grooming requests keep their number, service and dates;
 * bookings keep their number, day, services and prices (the pets' names, alerts and breeds
 * go, so does any one-time code of the phone); resumes go entirely. The e-mails about those orders, their webhook deliveries and live alerts (which
 * copy names and phones) go too. Files are removed once the rows are.
 */
export async function anonymiseSubject(subject: Subject, actor: AdminActor) {
  if (!matchable(subject)) return { pedidos: 0, servicos: 0, agendamentos: 0, curriculos: 0 };
  const files: { area: "public" | "private"; key: string }[] = [];
  const emlFiles: string[] = [];
  const result = await transaction(async (tx) => {
    const data = await findSubjectData(subject, tx);
    const orderIds = data.pedidos.map((o) => o.id);
    const groomingIds = data.servicos.map((s) => s.id);
    const bookingIds = data.agendamentos.map((a) => a.id);
    const resumeIds = data.curriculos.map((c) => c.id);
    if (orderIds.length > 0) {
      await tx
        .update(pedidos)
        .set({
          clienteNome: ANONYMOUS,
          clienteTelefone: "",
          clienteEndereco: "",
          clienteBairro: "",
          clienteReferencia: null,
          clienteEmail: null,
          emailsStatus: false,
          observacoes: null,
          updatedAt: now(),
        })
        .where(inArray(pedidos.id, orderIds));
    }
    if (groomingIds.length > 0) {
      await tx
        .update(pedidosServicos)
        .set({
          nomeTutor: ANONYMOUS,
          whatsapp: "",
          nomePet: "",
          endereco: null,
          bairro: null,
          referencia: null,
          observacoes: null,
          fotos: [],
        })
        .where(inArray(pedidosServicos.id, groomingIds));
      for (const s of data.servicos) {
        for (const url of s.fotos) {
          const key = keyFromPublicUrl(url);
          if (key) files.push({ area: "public", key });
        }
      }
    }
    if (bookingIds.length > 0) {
      await tx
        .update(agendamentos)
        .set({
          nomeTutor: ANONYMOUS,
          whatsapp: "",
          whatsappDigitos: "",
          email: null,
          ipHash: null,
          endereco: null,
          bairro: null,
          observacoes: null,
          updatedAt: now(),
        })
        .where(inArray(agendamentos.id, bookingIds));
      await tx
        .update(agendamentoPets)
        .set({ nome: "Pet", nomeChave: "", raca: null, alertas: null })
        .where(inArray(agendamentoPets.agendamentoId, bookingIds));
      const phones = [...new Set(data.agendamentos.map((a) => a.whatsappDigitos))];
      await tx.delete(codigosTutor).where(inArray(codigosTutor.whatsappDigitos, phones));
    }
    if (resumeIds.length > 0) {
      await tx.delete(curriculos).where(inArray(curriculos.id, resumeIds));
      for (const c of data.curriculos) {
        if (c.curriculoUrl.startsWith(PRIVATE_PREFIX)) {
          files.push({ area: "private", key: c.curriculoUrl.slice(PRIVATE_PREFIX.length) });
        }
      }
    }
    const mailConditions = [
      ...(orderIds.length > 0
        ? [and(eq(emails.resourceType, "pedido"), inArray(emails.resourceId, orderIds))]
        : []),
      ...(bookingIds.length > 0
        ? [and(eq(emails.resourceType, "agendamento"), inArray(emails.resourceId, bookingIds))]
        : []),
      ...(subject.kind === "email" ? [sql`lower(${emails.destinatario}) = ${subject.email}`] : []),
    ];
    if (mailConditions.length > 0) {
      const gone = await tx
        .delete(emails)
        .where(or(...mailConditions))
        .returning({ arquivo: emails.arquivo });
      for (const m of gone) if (m.arquivo) emlFiles.push(m.arquivo);
    }
    const references = [...orderIds, ...groomingIds, ...resumeIds];
    if (references.length > 0) {
      // Ids are UUIDs: one list finds each delivery whatever its resource_type.
      await tx.delete(webhookEntregas).where(inArray(webhookEntregas.resourceId, references));
      await tx.delete(avisos).where(inArray(avisos.referenciaId, references));
    }
    const counts = {
      pedidos: orderIds.length,
      servicos: groomingIds.length,
      agendamentos: bookingIds.length,
      curriculos: resumeIds.length,
    };
    await audit(tx, actor, "titular_anonimizado", "privacidade", null, {
      tipo: subject.kind,
      ...counts,
    });
    return counts;
  });
  for (const file of files) await storage().delete(file.area, file.key);
  for (const name of emlFiles) {
    const full = path.resolve(mailDir(), name);
    if (full.startsWith(path.resolve(mailDir()) + path.sep)) await fs.rm(full, { force: true });
  }
  return result;
}
