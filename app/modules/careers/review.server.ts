// Admin job applications (SPEC §2.3, §4 resume status, §6 private files).
import { count, desc, eq } from "drizzle-orm";
import { clampPage } from "~/domain/pagination";
import type { StatusCurriculo } from "~/domain/statuses";
import { STATUS_CURRICULO } from "~/domain/statuses";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { setStatusAudited } from "~/platform/admin/status.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { type Curriculo, curriculos } from "./tables.server";

const RESUMES_PAGE_SIZE = 30;

/**
 * One page of the applications, newest first, with the counters. The list's total is the
 * counters' total, so the pages reach every application the counters count.
 */
export async function listResumes(
  filters: { page?: number } = {},
  executor: Executor = db(),
): Promise<{
  resumes: Curriculo[];
  counts: Record<StatusCurriculo | "total", number>;
  page: number;
  pageSize: number;
}> {
  const counts = await resumeCounts(executor);
  const page = clampPage(filters.page, counts.total, RESUMES_PAGE_SIZE);
  const resumes = await executor
    .select()
    .from(curriculos)
    .orderBy(desc(curriculos.createdAt), desc(curriculos.id))
    .limit(RESUMES_PAGE_SIZE)
    .offset((page - 1) * RESUMES_PAGE_SIZE);
  return { resumes, counts, page, pageSize: RESUMES_PAGE_SIZE };
}

async function resumeCounts(
  executor: Executor = db(),
): Promise<Record<StatusCurriculo | "total", number>> {
  const rows = await executor
    .select({ status: curriculos.status, n: count() })
    .from(curriculos)
    .groupBy(curriculos.status);
  const counts = Object.fromEntries(STATUS_CURRICULO.map((s) => [s, 0])) as Record<
    StatusCurriculo | "total",
    number
  >;
  counts.total = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}

export async function setResumeStatus(
  id: string,
  status: StatusCurriculo,
  actor: AdminActor,
): Promise<Curriculo> {
  return setStatusAudited(curriculos, id, status, actor, {
    notFound: "Currículo não encontrado",
    action: "resume_status_update",
    resourceType: "curriculo",
  });
}

/** 'Maria José da Silva' -> 'maria-jose-da-silva' (ASCII only, for a file name). */
export function fileSlug(name: string): string {
  return (
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "candidato"
  );
}

/** 'Júlia  Müller' -> 'júlia-müller': the name as typed, lower case, safe for a file name. */
function utf8Slug(name: string): string {
  return name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** Content-Disposition with an ASCII name and the RFC 5987 UTF-8 one. */
export function attachmentHeader(asciiName: string, utf8Name: string): string {
  const encoded = encodeURIComponent(utf8Name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encoded}`;
}

/**
 * The resume file of an application, read from the private area, with the download name
 * built from the candidate's name. Audited: who downloaded which resume.
 */
export async function readResumeFile(
  id: string,
  actor: AdminActor,
): Promise<{ data: Buffer; fileName: string; utf8FileName: string; mime: string } | null> {
  const [resume] = await db().select().from(curriculos).where(eq(curriculos.id, id));
  if (!resume?.curriculoUrl.startsWith("private:")) return null;
  const key = resume.curriculoUrl.slice("private:".length);
  const data = await storage().read("private", key);
  if (!data) return null;
  const ext = (key.match(/\.([a-z0-9]+)$/i)?.[1] ?? "pdf").toLowerCase();
  await transaction(async (tx) => {
    // A candidate's personal data leaving the server: a security event.
    await audit(tx, actor, "resume_download", "curriculo", id, { security_event: true });
  });
  const base = fileSlug(resume.nomeCompleto);
  return {
    data,
    fileName: `curriculo-${base}.${ext}`,
    utf8FileName: `curriculo-${utf8Slug(resume.nomeCompleto) || base}.${ext}`,
    mime: ext === "pdf" ? "application/pdf" : "application/octet-stream",
  };
}

/** The resumes not read yet, and the latest ones (the admin dashboard). */
export async function newResumes(limit: number, executor: Executor = db()) {
  const [[novos], recentes] = await Promise.all([
    executor.select({ total: count() }).from(curriculos).where(eq(curriculos.status, "novo")),
    executor
      .select({
        id: curriculos.id,
        nomeCompleto: curriculos.nomeCompleto,
        vaga: curriculos.vaga,
        status: curriculos.status,
        createdAt: curriculos.createdAt,
      })
      .from(curriculos)
      .orderBy(desc(curriculos.createdAt), desc(curriculos.id))
      .limit(limit),
  ]);
  return { novos: Number(novos?.total ?? 0), recentes };
}
