// The subscribe form (issue 45 point 1), shared by the page and the action.
import { z } from "zod";
import { INTERVALO_MAX, INTERVALO_MIN } from "~/domain/assinatura";
import {
  CHECKOUT_PAYMENTS,
  JANELAS_ENTREGA,
  MODOS_PEDIDO,
  PICK_UP_PAYMENTS,
} from "~/domain/statuses";
import { issueAt } from "~/schemas/issue";
import { optionalUuid } from "~/schemas/money-field";

const uuid = (message: string) => z.string({ error: message }).trim().pipe(z.uuid(message));

const intervaloSchema = z.coerce
  .number({ error: "Informe o intervalo em dias" })
  .int("Informe o intervalo em dias")
  .min(INTERVALO_MIN, `O intervalo vai de ${INTERVALO_MIN} a ${INTERVALO_MAX} dias`)
  .max(INTERVALO_MAX, `O intervalo vai de ${INTERVALO_MIN} a ${INTERVALO_MAX} dias`);

const quantidadeSchema = z.coerce
  .number({ error: "Quantidade inválida" })
  .int("Quantidade inválida")
  .min(1, "Quantidade inválida")
  .max(99, "No máximo 99 unidades");

export const subscribeSchema = z
  .object({
    varianteId: uuid("Escolha o produto"),
    quantidade: quantidadeSchema,
    intervaloDias: intervaloSchema,
    modo: z.enum(MODOS_PEDIDO, { error: "Escolha entre receber em casa ou retirar na loja" }),
    unidadeId: optionalUuid("Escolha a unidade"),
    enderecoId: optionalUuid("Escolha o endereço"),
    janelaEntrega: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(JANELAS_ENTREGA, { error: "Selecione o horário de entrega" }).optional(),
    ),
    formaPagamento: z.enum(CHECKOUT_PAYMENTS, { error: "Selecione a forma de pagamento" }),
    telefone: z
      .string({ error: "Informe seu telefone" })
      .trim()
      .max(30, "Telefone inválido")
      .refine((v) => v.replace(/\D/g, "").length >= 10, "Telefone deve ter pelo menos 10 dígitos"),
    primeiraData: z
      .string({ error: "Escolha a data da primeira entrega" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Escolha a data da primeira entrega"),
    lembretes: z
      .string()
      .optional()
      .transform((v) => v === "1"),
    termos: z.literal("1", { error: "Leia e aceite os termos da compra programada" }),
  })
  .superRefine((v, ctx) => {
    const issue = issueAt(ctx);
    if (v.modo === "entrega") {
      if (!v.enderecoId) issue("enderecoId", "Escolha o endereço de entrega");
      if (!v.janelaEntrega) issue("janelaEntrega", "Selecione o horário de entrega");
      if (v.formaPagamento === "balcao") issue("formaPagamento", "Na entrega, escolha outra forma");
    } else {
      if (!v.unidadeId) issue("unidadeId", "Escolha a unidade de retirada");
      if (!PICK_UP_PAYMENTS.includes(v.formaPagamento)) {
        issue("formaPagamento", "Na retirada, pague com Pix, cartão online ou no balcão");
      }
    }
  });

export type SubscribeInput = z.output<typeof subscribeSchema>;
