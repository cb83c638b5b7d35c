// Grooming quote requests (pedidos_servicos). Submit order of SPEC §4: photos checked
// (1 to 3 images of at most 10 MB, by their bytes), re-encoded (EXIF/GPS stripped) and
// stored, then the row and its webhook announcement in one transaction. Any failure
// removes the stored photos: nothing is half-saved.

import { count, eq } from "drizzle-orm";
import { absoluteUrl } from "~/domain/seo";
import { TIPO_SERVICO_LABEL } from "~/domain/statuses";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { db, type Executor, type Tx, transaction } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { emit } from "~/platform/events.server";
import { randomName, reencodePhoto } from "~/platform/images.server";
import { logger } from "~/platform/logger.server";
import { allowPublicForm } from "~/platform/rate-limits.server";
import {
  detectKind,
  parseMultipart,
  publicUrl,
  readFileLimited,
  StorageError,
  storage,
} from "~/platform/storage.server";
import { isUnavailable, rethrowIfUnavailable } from "~/platform/unavailable.server";
import {
  type GroomingQuote,
  groomingQuoteSchema,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  QUOTE_MESSAGES,
  type ToastMessage,
} from "./quote.schema";
import { serviceOrderNumber } from "./service-order-number";
import { type PedidoServico, pedidosServicos } from "./tables.server";

class GroomingRequestError extends Error {
  constructor(
    readonly toast: ToastMessage,
    readonly fields: FieldErrors = {},
  ) {
    super(toast.description);
  }
}

const MAX_NUMBER_ATTEMPTS = 20;

/** Stores the photos, then the row and its outbox entry; returns the created row. */
export async function createGroomingRequest(
  quote: GroomingQuote,
  photos: readonly Uint8Array[],
  options: { now?: () => number } = {},
): Promise<PedidoServico> {
  if (photos.length === 0) throw new GroomingRequestError(QUOTE_MESSAGES.photosRequired);
  if (photos.length > MAX_PHOTOS) throw new GroomingRequestError(QUOTE_MESSAGES.tooMany);
  for (const bytes of photos) {
    if (bytes.byteLength > MAX_PHOTO_BYTES) throw new GroomingRequestError(QUOTE_MESSAGES.tooLarge);
    if ((await detectKind(bytes)).kind !== "image") {
      throw new GroomingRequestError(QUOTE_MESSAGES.wrongType);
    }
  }
  const encoded: Buffer[] = [];
  for (const bytes of photos) {
    try {
      encoded.push(await reencodePhoto(bytes));
    } catch (error) {
      throw new GroomingRequestError(
        error instanceof StorageError && error.code === "too_many_pixels"
          ? QUOTE_MESSAGES.tooManyPixels
          : QUOTE_MESSAGES.wrongType,
      );
    }
  }

  const base = randomName();
  const keys: string[] = [];
  try {
    for (const [index, data] of encoded.entries()) {
      const key = `pet-fotos/${base}-${index + 1}.webp`;
      await storage().put("public", key, data);
      keys.push(key);
    }
    const fotos = keys.map(publicUrl);
    return await transaction(async (tx) => {
      const row = await insertWithUniqueNumber(tx, quote, fotos, options.now ?? Date.now);
      await emit(tx, {
        tipo: "pedido_servico.recebido",
        resourceType: "pedido_servico",
        resourceId: row.id,
        webhook: { canal: "servico", payload: async () => groomingWebhookPayload(row) },
      });
      return row;
    });
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage().delete("public", key)));
    if (error instanceof GroomingRequestError || isUnavailable(error)) throw error;
    logger.error({ err: error }, "falha ao salvar pedido de banho e tosa");
    throw new GroomingRequestError(QUOTE_MESSAGES.failure);
  }
}

/** 'SRV' + 6 digits repeats every 1000 s: on a taken number, try the next millisecond. */
async function insertWithUniqueNumber(
  tx: Tx,
  quote: GroomingQuote,
  fotos: string[],
  now: () => number,
): Promise<PedidoServico> {
  const start = now();
  for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(pedidosServicos)
      .values({
        numeroPedido: serviceOrderNumber(start + attempt * 7919),
        status: "aguardando_orcamento",
        tipoServico: quote.tipo_servico,
        nomeTutor: quote.nome_tutor,
        whatsapp: quote.whatsapp,
        nomePet: quote.nome_pet,
        racaPorte: quote.raca_porte,
        dataDesejada: quote.data_desejada,
        horarioDesejado: quote.horario_desejado,
        levaTraz: quote.leva_traz,
        endereco: quote.endereco,
        bairro: quote.bairro,
        referencia: quote.referencia,
        observacoes: quote.observacoes,
        fotos,
      })
      .onConflictDoNothing({ target: pedidosServicos.numeroPedido })
      .returning();
    if (row) return row;
  }
  throw new Error("Não foi possível gerar um número de pedido único");
}

/** The announcement of SPEC §7.5 (photos as absolute URLs when PUBLIC_URL is set). */
export function groomingWebhookPayload(row: PedidoServico, publicOrigin = env().PUBLIC_URL) {
  return {
    tipo: "servico",
    numero_pedido: row.numeroPedido,
    tipo_servico: row.tipoServico,
    servico_nome: TIPO_SERVICO_LABEL[row.tipoServico],
    nome_tutor: row.nomeTutor,
    whatsapp: row.whatsapp,
    nome_pet: row.nomePet,
    raca_porte: row.racaPorte,
    data_desejada: row.dataDesejada,
    horario_desejado: row.horarioDesejado,
    leva_traz: row.levaTraz,
    endereco: row.endereco,
    bairro: row.bairro,
    referencia: row.referencia,
    observacoes: row.observacoes,
    fotos: publicOrigin ? row.fotos.map((f) => absoluteUrl(publicOrigin, f)) : row.fotos,
    timestamp: row.createdAt.toISOString(),
  };
}

type QuoteSubmission =
  | { ok: true; numero: string }
  | {
      ok: false;
      toast: ToastMessage;
      fields: FieldErrors;
      values: Record<string, string>;
    };

export type QuoteResult = QuoteSubmission & { status: 200 | 400 | 429 };

/**
 * The quote as /servicos receives it, with its rate limit per IP: shared by the page's
 * action (the form without JavaScript) and /servicos/enviar (the dialog's script, JSON).
 */
export async function sendGroomingQuote(request: Request): Promise<QuoteResult> {
  if (!(await allowPublicForm("orcamento", request))) {
    return { ok: false, status: 429, toast: QUOTE_MESSAGES.rateLimited, fields: {}, values: {} };
  }
  const result = await submitGroomingQuote(request);
  return { ...result, status: result.ok ? 200 : 400 };
}

/** Reads the multipart quote form of /servicos and creates the request. */
async function submitGroomingQuote(request: Request): Promise<QuoteSubmission> {
  let form: FormData;
  try {
    form = await parseMultipart(request, {
      maxFileSize: MAX_PHOTO_BYTES,
      maxFiles: MAX_PHOTOS,
      tooLargeMessage: QUOTE_MESSAGES.tooLarge.description,
      tooManyMessage: QUOTE_MESSAGES.tooMany.description,
    });
  } catch (error) {
    const toast =
      error instanceof StorageError && error.code === "too_many"
        ? QUOTE_MESSAGES.tooMany
        : error instanceof StorageError && error.code === "too_large"
          ? QUOTE_MESSAGES.tooLarge
          : QUOTE_MESSAGES.failure;
    return { ok: false, toast, fields: {}, values: {} };
  }
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  const parsed = groomingQuoteSchema.safeParse(values);
  // A file input left empty (no JavaScript) still sends an empty part: ignore those.
  const files = form.getAll("fotos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if (!parsed.success) {
    return { ok: false, toast: QUOTE_MESSAGES.failure, fields: fieldErrors(parsed.error), values };
  }
  try {
    const photos: Uint8Array[] = [];
    for (const file of files) {
      photos.push(
        await readFileLimited(file, MAX_PHOTO_BYTES, QUOTE_MESSAGES.tooLarge.description),
      );
    }
    const row = await createGroomingRequest(parsed.data, photos);
    return { ok: true, numero: row.numeroPedido };
  } catch (error) {
    rethrowIfUnavailable(error);
    const toast =
      error instanceof GroomingRequestError
        ? error.toast
        : error instanceof StorageError && error.code === "too_large"
          ? QUOTE_MESSAGES.tooLarge
          : QUOTE_MESSAGES.failure;
    if (!(error instanceof GroomingRequestError) && !(error instanceof StorageError)) {
      logger.error({ err: error }, "falha no pedido de orçamento");
    }
    return { ok: false, toast, fields: {}, values };
  }
}

/** How many photo quotes wait for the staff's answer (the admin dashboard). */
export async function pendingQuoteCount(executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(pedidosServicos)
    .where(eq(pedidosServicos.status, "aguardando_orcamento"));
  return Number(row?.total ?? 0);
}
