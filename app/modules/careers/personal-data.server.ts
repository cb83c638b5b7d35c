// What the shop holds about a job applicant: the resume and its PDF. Anonymising deletes the
// resume entirely; so does the retention period (decision 0045).
import { inArray, lt } from "drizzle-orm";
import type { Executor } from "~/platform/db/client.server";
import {
  type PersonalDataHandler,
  type StoredFile,
  type Subject,
  subjectMatch,
} from "~/platform/personal-data.server";
import { curriculos } from "./tables.server";

const PRIVATE_PREFIX = "private:";

/** A safe file name piece from free text. */
const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 40) || "arquivo";

const fileOf = (url: string): StoredFile | null =>
  url.startsWith(PRIVATE_PREFIX)
    ? { area: "private", key: url.slice(PRIVATE_PREFIX.length) }
    : null;

const resumesOf = (subject: Subject, executor: Executor) =>
  executor
    .select()
    .from(curriculos)
    .where(subjectMatch(subject, curriculos.telefone, curriculos.email))
    .orderBy(curriculos.createdAt);

/** Deletes the resumes with these ids: their PDFs go once committed. */
async function deleteResumes(tx: Executor, ids: string[], urls: string[]) {
  if (ids.length > 0) await tx.delete(curriculos).where(inArray(curriculos.id, ids));
  return {
    counts: { curriculos: ids.length },
    files: urls.map(fileOf).filter((file) => file !== null),
    references: ids.map((id) => ({ type: "curriculo", id })),
  };
}

export const careersPersonalData: PersonalDataHandler = {
  label: "Currículos (com os PDFs)",
  async find(subject, executor) {
    const resumes = await resumesOf(subject, executor);
    const name = (c: (typeof resumes)[number]) => `curriculos/${slug(c.nomeCompleto)}-${c.id}.pdf`;
    return {
      counts: { curriculos: resumes.length },
      data: {
        curriculos: resumes.map((c) => ({ ...c, arquivo: c.curriculoUrl ? name(c) : null })),
      },
      files: resumes.flatMap((c) => {
        const file = fileOf(c.curriculoUrl);
        return file ? [{ ...file, name: name(c) }] : [];
      }),
      references: resumes.map((c) => ({ type: "curriculo", id: c.id })),
    };
  },
  async anonymise(subject, tx) {
    const resumes = await resumesOf(subject, tx);
    return deleteResumes(
      tx,
      resumes.map((c) => c.id),
      resumes.map((c) => c.curriculoUrl),
    );
  },
  async retention(cutoff, tx) {
    const resumes = await tx
      .delete(curriculos)
      .where(lt(curriculos.createdAt, cutoff))
      .returning({ id: curriculos.id, arquivo: curriculos.curriculoUrl });
    return {
      counts: { curriculos: resumes.length },
      files: resumes.map((r) => fileOf(r.arquivo)).filter((file) => file !== null),
      references: resumes.map((r) => ({ type: "curriculo", id: r.id })),
    };
  },
};
