// The contact form (SPEC §5.2): never stored, it opens the chat with the composed text.
import { z } from "zod";
import { shop } from "~/content/shop";
import { areaText, isPhoneText, lineText, nameText } from "~/schemas/text";

export const CONTACT_MESSAGES = {
  success: {
    title: `Redirecionando para ${shop.messenger}`,
    description: `Você será redirecionado para enviar sua mensagem via ${shop.messenger}.`,
  },
  rateLimited: {
    title: "Muitas mensagens",
    description: `Você enviou muitas mensagens em pouco tempo. Aguarde alguns minutos e tente novamente.`,
  },
} as const;

export const contactSchema = z.object({
  nome: nameText("Informe seu nome", 1, 120),
  telefone: z
    .string({ message: "Informe seu telefone" })
    .trim()
    .min(1, "Informe seu telefone")
    .max(30, "Telefone inválido")
    .refine(isPhoneText, "Telefone inválido")
    // 10+ digits (DDD and number), as the other forms ask.
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Telefone deve ter pelo menos 10 dígitos"),
  email: lineText()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal(""), z.email("E-mail inválido")])),
  pet: lineText()
    .pipe(z.string().max(80, "Use no máximo 80 caracteres"))
    .optional()
    .transform((v) => v ?? ""),
  mensagem: z
    .string({ message: "Escreva sua mensagem" })
    .pipe(areaText())
    .pipe(z.string().min(1, "Escreva sua mensagem").max(1500, "Use no máximo 1500 caracteres")),
});
