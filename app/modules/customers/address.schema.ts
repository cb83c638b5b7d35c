// A saved delivery address (issue 42 point 4), as the account's form posts it: the same
// limits as the checkout's address, and a served neighbourhood (it sets the fee).
import { z } from "zod";
import { cepField } from "~/modules/delivery";
import { isStreetNumber, lineText, requiredLine } from "~/schemas/text";

/** How many addresses one account keeps (the oldest used goes when a new one comes). */
export const MAX_ENDERECOS = 10;

const optional = (max: number) =>
  lineText()
    .pipe(z.string().max(max, `Use no máximo ${max} caracteres`))
    .optional()
    .transform((v) => (v ? v : null));

export const addressSchema = z.object({
  apelido: optional(40),
  cep: cepField(),
  logradouro: requiredLine("Informe a rua", 1, 200),
  numero: requiredLine('Informe o número (ou "s/n" se não houver)', 1, 20).refine(
    isStreetNumber,
    'Informe o número (ou "s/n" se não houver)',
  ),
  complemento: optional(100),
  bairro: requiredLine("Selecione o bairro", 1, 100),
  referencia: optional(200),
});

export type AddressInput = z.output<typeof addressSchema>;
