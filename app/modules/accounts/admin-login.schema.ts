// The admin login form (SPEC §5.7), shared by the form and the action.
import { z } from "zod";

export const adminLoginSchema = z.object({
  email: z.string({ error: "E-mail inválido" }).trim().pipe(z.email("E-mail inválido")),
  password: z
    .string({ error: "Informe a senha" })
    .min(6, "Senha deve ter pelo menos 6 caracteres")
    .max(200, "Senha muito longa"),
  redirectTo: z.string().optional(),
});

/** The second step of a two-factor login: a 6-digit code or a recovery code. */
const SECOND_FACTOR_MESSAGE =
  "Digite o código de 6 dígitos do aplicativo ou um código de recuperação";

export const secondFactorSchema = z.object({
  codigo: z
    .string({ error: SECOND_FACTOR_MESSAGE })
    .trim()
    .refine(
      (v) =>
        /^\d{6}$/.test(v.replace(/\s/g, "")) ||
        /^[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}-?[A-Za-z2-7]{4}$/.test(v),
      SECOND_FACTOR_MESSAGE,
    ),
  redirectTo: z.string().optional(),
});
