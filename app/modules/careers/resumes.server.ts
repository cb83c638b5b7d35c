// Job applications (curriculos). Submit order of SPEC §4: insert the record, store the
// PDF privately, set curriculo_url, queue the webhook. All of it runs in one
// transaction, so a failed file write leaves no row (and a failed commit no file).
// SPEC §8 separates the failures: the record cannot be saved ('Erro ao salvar dados.
// Tente novamente.') or the file cannot be kept ('Erro ao fazer upload do arquivo.
// Tente novamente.').
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { transaction } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { allowPublicForm } from "~/platform/rate-limits.server";
import {
  detectKind,
  parseMultipart,
  readFileLimited,
  StorageError,
  storage,
} from "~/platform/storage.server";
import { isUnavailable, rethrowIfUnavailable } from "~/platform/unavailable.server";
import {
  MAX_RESUME_BYTES,
  RESUME_MESSAGES,
  type ResumeFields,
  resumeSchema,
} from "./resume.schema";
import { type Curriculo, curriculos } from "./tables.server";

/**
 * Where a resume's PDF lives in the private storage area. `curriculo_url` stores
 * 'private:' + this key (e.g. 'private:curriculos/<id>.pdf'); the admin download reads the
 * key back after the prefix. The file is never served under a public URL.
 */
function resumeStorageKey(id: string): string {
  return `curriculos/${id}.pdf`;
}

const PRIVATE_PREFIX = "private:";

class ResumeError extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }
}

async function createResume(fields: ResumeFields, pdf: Uint8Array): Promise<Curriculo> {
  if (pdf.byteLength > MAX_RESUME_BYTES) {
    throw new ResumeError(RESUME_MESSAGES.tooLarge, { curriculo: RESUME_MESSAGES.tooLarge });
  }
  if ((await detectKind(pdf)).kind !== "pdf") {
    throw new ResumeError(RESUME_MESSAGES.notPdf, { curriculo: RESUME_MESSAGES.notPdf });
  }
  if (!(await opensAsPdf(pdf))) {
    throw new ResumeError(RESUME_MESSAGES.unreadablePdf, {
      curriculo: RESUME_MESSAGES.unreadablePdf,
    });
  }
  let storedKey: string | null = null;
  try {
    return await transaction(async (tx) => {
      const [created] = await tx
        .insert(curriculos)
        .values({
          nomeCompleto: fields.nomeCompleto,
          email: fields.email,
          telefone: fields.telefone,
          vaga: fields.vaga,
          mensagem: fields.mensagem,
          curriculoUrl: "",
          status: "novo",
        })
        .returning();
      const key = resumeStorageKey(created!.id);
      try {
        await storage().put("private", key, pdf);
      } catch (error) {
        // A full disk or storage out of reach passes: it leaves as a 503, not a refusal.
        if (isUnavailable(error)) throw error;
        logger.error({ err: error }, "falha ao guardar o currículo");
        throw new ResumeError(RESUME_MESSAGES.uploadFailure);
      }
      storedKey = key;
      const [row] = await tx
        .update(curriculos)
        .set({ curriculoUrl: `${PRIVATE_PREFIX}${key}` })
        .where(eq(curriculos.id, created!.id))
        .returning();
      await emit(tx, {
        tipo: "curriculo.recebido",
        resourceType: "curriculo",
        resourceId: row!.id,
        webhook: { canal: "curriculo", payload: async () => resumeWebhookPayload(row!) },
      });
      return row!;
    });
  } catch (error) {
    const key = storedKey as string | null;
    if (key)
      await storage()
        .delete("private", key)
        .catch(() => undefined);
    if (error instanceof ResumeError || isUnavailable(error)) throw error;
    // Everything else in the transaction is the database: the record was not saved.
    logger.error({ err: error }, "falha ao salvar currículo");
    throw new ResumeError(RESUME_MESSAGES.insertFailure);
  }
}

/**
 * Whether the file is a PDF a reader opens, with at least one page: the magic number alone
 * lets through "%PDF-" followed by HTML or anything else. pdf-lib parses in slices, yielding to
 * the event loop between them; a password for editing (common in exported resumes) is fine.
 */
async function opensAsPdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** SPEC §7.5: curriculo_url is the private reference built from the id, never a file link. */
function resumeWebhookPayload(row: Curriculo) {
  return {
    tipo: "curriculo",
    nomeCompleto: row.nomeCompleto,
    email: row.email,
    telefone: row.telefone,
    vaga: row.vaga,
    mensagem: row.mensagem,
    curriculo_url: row.curriculoUrl,
    timestamp: row.createdAt.toISOString(),
  };
}

export type ResumeSubmission =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 429;
      message: string;
      fields: FieldErrors;
      values: Record<string, string>;
    };

/**
 * Reads the multipart form of /trabalhe-conosco and stores the application. Every try is
 * counted against a generous limit; a valid application against the shop's limit, before
 * anything is kept.
 */
export async function submitResume(request: Request): Promise<ResumeSubmission> {
  const limited = (values: Record<string, string>): ResumeSubmission => ({
    ok: false,
    status: 429,
    message: RESUME_MESSAGES.rateLimited,
    fields: {},
    values,
  });
  if (!(await allowPublicForm("curriculoTentativa", request))) return limited({});
  let form: FormData;
  try {
    form = await parseMultipart(request, {
      maxFileSize: MAX_RESUME_BYTES,
      maxFiles: 1,
      tooLargeMessage: RESUME_MESSAGES.tooLarge,
      tooManyMessage: RESUME_MESSAGES.notPdf,
    });
  } catch (error) {
    const message = error instanceof StorageError ? error.message : RESUME_MESSAGES.failure;
    return { ok: false, status: 400, message, fields: { curriculo: message }, values: {} };
  }
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  const parsed = resumeSchema.safeParse({ ...values, curriculo: form.get("curriculo") });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return {
      ok: false,
      status: 400,
      message: Object.values(fields)[0] ?? RESUME_MESSAGES.failure,
      fields,
      values,
    };
  }
  if (!(await allowPublicForm("curriculo", request))) return limited(values);
  try {
    const { curriculo, ...fields } = parsed.data;
    const pdf = await readFileLimited(curriculo, MAX_RESUME_BYTES, RESUME_MESSAGES.tooLarge);
    await createResume(fields, pdf);
    return { ok: true };
  } catch (error) {
    rethrowIfUnavailable(error);
    if (error instanceof ResumeError) {
      return { ok: false, status: 400, message: error.message, fields: error.fields, values };
    }
    if (error instanceof StorageError) {
      return {
        ok: false,
        status: 400,
        message: error.message,
        fields: { curriculo: error.message },
        values,
      };
    }
    logger.error({ err: error }, "falha ao enviar currículo");
    return { ok: false, status: 400, message: RESUME_MESSAGES.failure, fields: {}, values };
  }
}
