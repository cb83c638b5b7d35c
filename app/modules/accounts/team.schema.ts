// The team screen's forms (issue 41, decision 0067), shared by its components and actions.
import { z } from "zod";
import { PAPEIS } from "~/domain/permissions";
import { adminPassword, CONFIRMATION_MISMATCH } from "./password-change.schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Role and units: every unit (present and future) or a chosen list of at least one. */
const acesso = {
  papel: z.enum(PAPEIS, { message: "Escolha o papel" }),
  unidades: z.enum(["todas", "escolhidas"], { message: "Escolha as unidades" }),
  unidadeIds: z
    .array(z.string().regex(UUID, "Unidade inválida"))
    .max(50, "Unidades demais")
    .default([]),
};

function unitsChosen(v: { unidades: "todas" | "escolhidas"; unidadeIds: string[] }) {
  return v.unidades === "todas" || v.unidadeIds.length > 0;
}
const UNITS_REQUIRED = { path: ["unidadeIds"], message: "Escolha ao menos uma unidade" };

export const accessSchema = z.object({ ...acesso }).refine(unitsChosen, UNITS_REQUIRED);

export const inviteSchema = z
  .object({
    nome: z.string().trim().min(2, "Informe o nome").max(80, "Nome muito longo"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "E-mail muito longo")
      .pipe(z.email({ message: "E-mail inválido" })),
    ...acesso,
  })
  .refine(unitsChosen, UNITS_REQUIRED);

export type InviteInput = z.infer<typeof inviteSchema>;
export type AccessInput = z.infer<typeof accessSchema>;

/** The person's own new password, from an invitation or a reset link. */
export const newPasswordSchema = z
  .object({
    senha: adminPassword,
    confirmacao: z.string(),
  })
  .refine((v) => v.senha === v.confirmacao, CONFIRMATION_MISMATCH);
