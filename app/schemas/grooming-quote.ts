// The grooming quote form (SPEC §5.3), shared by the dialog (client) and the /servicos
// action (server). Photos are checked here by what the browser says (type, size, count);
// the server checks them again by their bytes.
import { z } from "zod";
import { shop } from "~/content/shop";
import { TIPOS_SERVICO } from "~/domain/statuses";

export const MAX_PHOTOS = 3;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export interface ToastMessage {
  title: string;
  description: string;
}

export const QUOTE_MESSAGES = {
  photosRequired: {
    title: "Fotos obrigatórias",
    description: "É necessário enviar pelo menos 1 foto do pet para o orçamento.",
  },
  tooMany: {
    title: "Limite de fotos excedido",
    description: "Você pode enviar no máximo 3 fotos do pet.",
  },
  wrongType: {
    title: "Formato inválido",
    description: "Envie apenas arquivos de imagem (JPG, PNG, etc).",
  },
  tooLarge: {
    title: "Arquivo muito grande",
    description: "Cada foto deve ter no máximo 10MB.",
  },
  tooManyPixels: {
    title: "Imagem grande demais",
    description: "Cada foto deve ter no máximo 60 megapixels.",
  },
  failure: {
    title: "Erro ao enviar solicitação",
    description: `Tente novamente ou entre em contato pelo ${shop.messenger}.`,
  },
  success: {
    title: "Solicitação enviada com sucesso!",
    description: "Entraremos em contato em breve com seu orçamento personalizado.",
  },
  rateLimited: {
    title: "Muitas solicitações",
    description: `Você enviou muitos pedidos em pouco tempo. Aguarde alguns minutos ou fale conosco pelo ${shop.messenger}.`,
  },
} as const satisfies Record<string, ToastMessage>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use no máximo ${max} caracteres`)
    .optional()
    .transform((v) => (v ? v : null));

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

export const QUOTE_ADDRESS_REQUIRED = "Informe o endereço para buscarmos o pet";
export const QUOTE_BAIRRO_REQUIRED = "Informe o bairro";

export const groomingQuoteSchema = z
  .object({
    tipo_servico: z.enum(TIPOS_SERVICO, { message: "Escolha um serviço" }),
    nome_tutor: z
      .string({ message: "Informe seu nome completo" })
      .trim()
      .min(2, "Informe seu nome completo")
      .max(120, "Use no máximo 120 caracteres"),
    whatsapp: z
      .string({ message: "Informe seu WhatsApp com DDD" })
      .trim()
      .max(30, "Telefone inválido")
      .refine((v) => v.replace(/\D/g, "").length >= 10, "Informe seu WhatsApp com DDD"),
    nome_pet: z
      .string({ message: "Informe o nome do pet" })
      .trim()
      .min(1, "Informe o nome do pet")
      .max(80, "Use no máximo 80 caracteres"),
    raca_porte: z
      .string({ message: "Informe a raça e o porte do pet" })
      .trim()
      .min(2, "Informe a raça e o porte do pet")
      .max(120, "Use no máximo 120 caracteres"),
    data_desejada: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .refine(
        (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
        "Data inválida",
      ),
    horario_desejado: optionalText(60),
    leva_traz: checkbox,
    endereco: optionalText(200),
    bairro: optionalText(80),
    referencia: optionalText(200),
    observacoes: optionalText(1000),
  })
  // Pick-up and drop-off needs somewhere to pick the pet up.
  .superRefine((v, ctx) => {
    if (!v.leva_traz) return;
    if (!v.endereco) {
      ctx.addIssue({ code: "custom", path: ["endereco"], message: QUOTE_ADDRESS_REQUIRED });
    }
    if (!v.bairro) {
      ctx.addIssue({ code: "custom", path: ["bairro"], message: QUOTE_BAIRRO_REQUIRED });
    }
  })
  // The address fields only exist when pick-up and drop-off is ticked.
  .transform((v) => (v.leva_traz ? v : { ...v, endereco: null, bairro: null, referencia: null }));

export type GroomingQuote = z.output<typeof groomingQuoteSchema>;

export interface PhotoLike {
  name: string;
  size: number;
  type: string;
}

/**
 * Checks a new selection against the photos already chosen: the whole selection is
 * refused when it would pass 3 photos, when one is not an image or is above 10 MB.
 */
export function checkPhotoSelection(
  alreadyChosen: number,
  selection: readonly PhotoLike[],
): ToastMessage | null {
  if (alreadyChosen + selection.length > MAX_PHOTOS) return QUOTE_MESSAGES.tooMany;
  if (selection.some((f) => !f.type.startsWith("image/"))) return QUOTE_MESSAGES.wrongType;
  if (selection.some((f) => f.size > MAX_PHOTO_BYTES)) return QUOTE_MESSAGES.tooLarge;
  return null;
}

/** The check at submit time: 1 to 3 photos, each an image of at most 10 MB. */
export function checkPhotosForSubmit(photos: readonly PhotoLike[]): ToastMessage | null {
  if (photos.length === 0) return QUOTE_MESSAGES.photosRequired;
  return checkPhotoSelection(0, photos);
}
