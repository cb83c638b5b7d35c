// The grooming quote form (SPEC §5.3): the schema of the /servicos action and of
// /servicos/enviar, the messages, and the checks the dialog's script makes in the browser
// (photos by what the browser says: type, size, count). The server checks the photos
// again by their bytes.
import { z } from "zod";
import { shop } from "~/content/shop";
import { TIPOS_SERVICO } from "~/domain/statuses";
import { areaText, lineText, nameText, requiredLine } from "~/schemas/text";

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

const optionalText = (max: number, text = lineText) =>
  text()
    .pipe(z.string().max(max, `Use no máximo ${max} caracteres`))
    .optional()
    .transform((v) => (v ? v : null));

const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

const QUOTE_ADDRESS_REQUIRED = "Informe o endereço para buscarmos o pet";
const QUOTE_BAIRRO_REQUIRED = "Informe o bairro";

/** The messages of the required fields, shared by the schema and the dialog's own checks. */
const QUOTE_FIELD_MESSAGES = {
  nome_tutor: "Informe seu nome completo",
  whatsapp: "Informe seu WhatsApp com DDD",
  nome_pet: "Informe o nome do pet",
  raca_porte: "Informe a raça e o porte do pet",
} as const;

/**
 * A check the quote dialog makes in the browser before sending (it has no zod): the trimmed
 * value (or only its digits) must have at least `min` characters; `when` names the checkbox
 * that makes the field required; `letters`, that it needs a letter (a name). The server
 * runs the whole schema again.
 */
export interface QuoteFieldCheck {
  name: string;
  min: number;
  digits?: boolean;
  letters?: boolean;
  when?: string;
  message: string;
}

export const QUOTE_FIELD_CHECKS: readonly QuoteFieldCheck[] = [
  { name: "nome_tutor", min: 2, letters: true, message: QUOTE_FIELD_MESSAGES.nome_tutor },
  { name: "whatsapp", min: 10, digits: true, message: QUOTE_FIELD_MESSAGES.whatsapp },
  { name: "nome_pet", min: 1, letters: true, message: QUOTE_FIELD_MESSAGES.nome_pet },
  { name: "raca_porte", min: 2, message: QUOTE_FIELD_MESSAGES.raca_porte },
  { name: "endereco", min: 1, when: "leva_traz", message: QUOTE_ADDRESS_REQUIRED },
  { name: "bairro", min: 1, when: "leva_traz", message: QUOTE_BAIRRO_REQUIRED },
];

export const groomingQuoteSchema = z
  .object({
    tipo_servico: z.enum(TIPOS_SERVICO, { message: "Escolha um serviço" }),
    nome_tutor: nameText(QUOTE_FIELD_MESSAGES.nome_tutor, 2, 120),
    whatsapp: z
      .string({ message: QUOTE_FIELD_MESSAGES.whatsapp })
      .trim()
      .max(30, "Telefone inválido")
      .refine((v) => v.replace(/\D/g, "").length >= 10, QUOTE_FIELD_MESSAGES.whatsapp),
    nome_pet: nameText(QUOTE_FIELD_MESSAGES.nome_pet, 1, 80),
    raca_porte: requiredLine(QUOTE_FIELD_MESSAGES.raca_porte, 2, 120),
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
    observacoes: optionalText(1000, areaText),
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
