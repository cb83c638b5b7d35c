// The checkout form (SPEC §5.5), shared by the form in the browser and the action.
import { z } from "zod";
import { CHECKOUT_PAYMENTS, MODOS_PEDIDO, PICK_UP_PAYMENTS } from "~/domain/statuses";
import { cepField } from "~/modules/delivery";
import { issueAt } from "~/schemas/issue";
import { optionalUuid, positiveReais } from "~/schemas/money-field";
import { areaText, isPhoneText, isStreetNumber, lineText, nameText } from "~/schemas/text";
import { decodeCartLines, MAX_QUANTIDADE_POR_PRODUTO } from "./cart";

export const REQUIRED_FIELDS_MESSAGE = "Preencha todos os campos obrigatórios";
export const CHECKOUT_ERROR_MESSAGE = "Erro ao processar pedido. Tente novamente.";
export const PAYMENT_UNAVAILABLE_MESSAGE = "Forma de pagamento indisponível";
const PIX_EMAIL_MESSAGE = "Informe seu e-mail para receber o Pix";
const CARD_EMAIL_MESSAGE = "Informe seu e-mail para pagar com cartão";
const EMAIL_INVALID = "E-mail inválido";
const QUANTITY_LIMIT_MESSAGE = `No máximo ${MAX_QUANTIDADE_POR_PRODUTO} unidades de cada produto por pedido`;
/** The largest amount a customer may ask change for (R$ 100.000,00). */
const MAX_TROCO = { centavos: 10_000_000, message: "Valor para troco alto demais" };

/** What the checkout may offer right now (from the settings, read by the server). */
export interface CheckoutOptions {
  pixOnline: boolean;
  /** Card online through Mercado Pago (decision 0080). */
  cardOnline?: boolean;
}

const required = (message = "Campo obrigatório") =>
  z.string({ error: message }).trim().min(1, message).pipe(lineText());

const optionalText = (max: number, text = lineText) =>
  text()
    .pipe(z.string().max(max, `Máximo de ${max} caracteres`))
    .optional()
    .transform((v) => (v ? v : null));

const emailSchema = z.email();

/** The schema for the current settings: online Pix is accepted only while it is offered. */
const buildCheckoutSchema = (options: CheckoutOptions) =>
  z
    .object({
      nome: nameText("Informe seu nome", 1, 120),
      telefone: required("Informe seu telefone").pipe(
        z
          .string()
          .max(30, "Telefone inválido")
          .refine(isPhoneText, "Telefone inválido")
          .refine(
            (v) => v.replace(/\D/g, "").length >= 10,
            "Telefone deve ter pelo menos 10 dígitos",
          ),
      ),
      /** Receive at home (the default) or pick up at a unit. */
      modo: z
        .enum(MODOS_PEDIDO, { error: "Escolha entre receber em casa ou retirar na loja" })
        .optional()
        .transform((v) => v ?? "entrega"),
      unidadeId: optionalUuid("Escolha a unidade de retirada"),
      // The address, neighbourhood and time: asked only to receive at home (checked below).
      endereco: optionalText(200),
      numero: optionalText(20).refine(
        (v) => v === null || isStreetNumber(v),
        'Informe o número (ou "s/n" se não houver)',
      ),
      complemento: optionalText(100),
      bairro: optionalText(100),
      referencia: optionalText(200),
      /** Kept on the order for the staff (admin card and print sheet): its 8 digits. */
      cep: cepField(),
      // An empty choice is no choice (a pick-up form may post the field blank).
      janelaEntrega: z.preprocess(
        (v) => (v === "" ? undefined : v),
        z.enum(["manha", "tarde", "noite"], { error: "Selecione o horário de entrega" }).optional(),
      ),
      formaPagamento: z
        .enum(CHECKOUT_PAYMENTS, { error: "Selecione a forma de pagamento" })
        .refine((v) => v !== "pix_mercadopago" || options.pixOnline, PAYMENT_UNAVAILABLE_MESSAGE)
        .refine(
          (v) => v !== "cartao_mercadopago" || Boolean(options.cardOnline),
          PAYMENT_UNAVAILABLE_MESSAGE,
        ),
      // Optional, for the confirmation; online Pix requires it (Mercado Pago needs the
      // payer's e-mail; checked below).
      email: lineText().pipe(z.string().max(254, "E-mail longo demais")).optional(),
      trocoPara: lineText().optional().transform(positiveReais(null, MAX_TROCO)),
      observacoes: optionalText(500, areaText),
      cupom: lineText("Cupom inválido")
        .pipe(z.string().max(40, "Cupom inválido"))
        .optional()
        .transform((v) => (v ? v.toUpperCase() : null)),
      itens: z
        .string({ error: "Seu carrinho está vazio" })
        .transform((v) => decodeCartLines(v))
        .refine((v) => v.length > 0, "Seu carrinho está vazio")
        .refine((v) => v.length <= 100, "Itens demais no carrinho")
        // Repeated lines of a product are merged first: the bound is on the sum, before SQL.
        .refine(
          (v) => v.every((l) => l.quantidade <= MAX_QUANTIDADE_POR_PRODUTO),
          QUANTITY_LIMIT_MESSAGE,
        ),
      idempotencyKey: z
        .string({ error: CHECKOUT_ERROR_MESSAGE })
        .regex(/^[A-Za-z0-9-]{16,64}$/, CHECKOUT_ERROR_MESSAGE),
    })
    .superRefine((v, ctx) => {
      const issue = issueAt(ctx);
      if (v.modo === "entrega") {
        if (!v.endereco) issue("endereco", "Informe a rua");
        if (!v.numero) issue("numero", "Informe o número");
        if (!v.bairro) issue("bairro", "Selecione o bairro");
        if (!v.janelaEntrega) issue("janelaEntrega", "Selecione o horário de entrega");
        if (v.formaPagamento === "balcao") issue("formaPagamento", PAYMENT_UNAVAILABLE_MESSAGE);
      } else {
        if (!v.unidadeId) issue("unidadeId", "Escolha a unidade de retirada");
        // At the counter: Pix (manual or automatic) or paying there.
        if (!PICK_UP_PAYMENTS.includes(v.formaPagamento)) {
          issue("formaPagamento", "Na retirada, pague com Pix, cartão online ou no balcão");
        }
      }
    })
    .superRefine((v, ctx) => {
      if (!v.email) {
        if (v.formaPagamento === "pix_mercadopago") {
          ctx.addIssue({ code: "custom", path: ["email"], message: PIX_EMAIL_MESSAGE });
        }
        if (v.formaPagamento === "cartao_mercadopago") {
          ctx.addIssue({ code: "custom", path: ["email"], message: CARD_EMAIL_MESSAGE });
        }
      } else if (!emailSchema.safeParse(v.email).success) {
        ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_INVALID });
      }
    })
    // Change only makes sense for cash.
    .transform((v) => ({
      ...v,
      ...(v.modo === "retirada"
        ? {
            endereco: null,
            numero: null,
            complemento: null,
            bairro: null,
            cep: null,
            janelaEntrega: null,
          }
        : { unidadeId: null, janelaEntrega: v.janelaEntrega ?? null }),
      trocoPara: v.formaPagamento === "dinheiro" ? v.trocoPara : null,
      email: v.email || null,
    }));

// Built once per variant: a zod object costs more to build than to run (every checkout
// request parses with one of the two).
const checkoutSchemas = {
  withPixOnline: buildCheckoutSchema({ pixOnline: true }),
  withoutPixOnline: buildCheckoutSchema({ pixOnline: false }),
  withPixAndCard: buildCheckoutSchema({ pixOnline: true, cardOnline: true }),
};

/** The schema for the current settings: online Pix (and card) accepted only while offered. */
export const checkoutSchemaFor = (options: CheckoutOptions) =>
  options.pixOnline
    ? options.cardOnline
      ? checkoutSchemas.withPixAndCard
      : checkoutSchemas.withPixOnline
    : checkoutSchemas.withoutPixOnline;

export type CheckoutInput = z.output<ReturnType<typeof checkoutSchemaFor>>;

/** True when a failed parse is about a missing required field. */
export function missesRequired(error: z.ZodError): boolean {
  const requiredFields = ["nome", "telefone", "formaPagamento"];
  const askedFor = ["Informe a rua", "Informe o número", "Selecione o bairro"];
  return error.issues.some(
    (i) =>
      (requiredFields.includes(String(i.path[0])) &&
        (i.code === "too_small" || i.code === "invalid_type" || i.code === "invalid_value")) ||
      (i.code === "custom" && askedFor.includes(i.message)),
  );
}
