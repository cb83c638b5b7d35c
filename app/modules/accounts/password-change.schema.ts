// The admin's own password change (current password required).
import { z } from "zod";

/** Admin passwords: 12 characters at least; the server also refuses guessable ones. */
export const ADMIN_PASSWORD_MIN = 12;

/** A new admin password as the forms take it (length only; the server checks the rest). */
export const adminPassword = z
  .string()
  .min(ADMIN_PASSWORD_MIN, `A senha deve ter pelo menos ${ADMIN_PASSWORD_MIN} caracteres`)
  .max(200, "Senha muito longa");

/** The refusal of a confirmation that is not the new password, on the confirmation field. */
export const CONFIRMATION_MISMATCH = { path: ["confirmacao"], message: "As senhas não coincidem" };

export const passwordChangeSchema = z
  .object({
    senhaAtual: z.string().min(1, "Informe a senha atual"),
    novaSenha: adminPassword,
    confirmacao: z.string(),
  })
  .refine((v) => v.novaSenha === v.confirmacao, CONFIRMATION_MISMATCH)
  .refine((v) => v.novaSenha !== v.senhaAtual, {
    path: ["novaSenha"],
    message: "A nova senha deve ser diferente da atual",
  });

export const totpCodeSchema = z.object({
  codigo: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Digite os 6 dígitos do aplicativo")),
});
