// The resume form (SPEC §5.4), shared by /trabalhe-conosco (client) and its action.
import { z } from "zod";
import { VAGAS } from "~/domain/statuses";
import { areaText, isPhoneText, nameText } from "~/schemas/text";

export const MAX_RESUME_BYTES = 10 * 1024 * 1024;

export const RESUME_MESSAGES = {
  success: "Currículo enviado com sucesso! 🐾 Em breve entraremos em contato!",
  failure: "Erro ao enviar currículo. Tente novamente.",
  insertFailure: "Erro ao salvar dados. Tente novamente.",
  uploadFailure: "Erro ao fazer upload do arquivo. Tente novamente.",
  notPdf: "Apenas arquivos PDF são aceitos",
  unreadablePdf:
    "Não foi possível abrir o PDF: o arquivo está corrompido ou não é um PDF de verdade.",
  tooLarge: "O arquivo deve ter no máximo 10MB.",
  rateLimited:
    "Você enviou muitos currículos em pouco tempo. Aguarde alguns minutos e tente novamente.",
} as const;

/** What a browser tells of a chosen file (File on both sides). */
interface FileLike {
  name: string;
  size: number;
  type: string;
}

function isPdfFile(file: FileLike): boolean {
  if (file.size === 0) return false;
  if (file.type === "application/pdf") return true;
  // Some systems send no type: fall back on the name (the server checks the bytes).
  return file.type === "" && /\.pdf$/i.test(file.name);
}

const resumeFieldsSchema = z.object({
  nomeCompleto: nameText("Nome deve ter pelo menos 2 caracteres", 2, 120),
  email: z
    .string({ message: "E-mail inválido" })
    .trim()
    .toLowerCase()
    .pipe(z.email("E-mail inválido").max(200, "E-mail inválido")),
  telefone: z
    .string({ message: "Telefone deve ter pelo menos 10 dígitos" })
    .trim()
    .max(30, "Telefone inválido")
    .refine(isPhoneText, "Telefone inválido")
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Telefone deve ter pelo menos 10 dígitos"),
  vaga: z.enum(VAGAS, { message: "Selecione uma vaga de interesse" }),
  mensagem: areaText()
    .pipe(z.string().max(2000, "Use no máximo 2000 caracteres"))
    .optional()
    .transform((v) => v ?? ""),
});

const curriculoSchema = z
  .custom<File>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      "size" in value &&
      "name" in value &&
      isPdfFile(value as FileLike),
    RESUME_MESSAGES.notPdf,
  )
  .refine((file) => file.size <= MAX_RESUME_BYTES, RESUME_MESSAGES.tooLarge);

export const resumeSchema = resumeFieldsSchema.extend({ curriculo: curriculoSchema });

export type ResumeFields = z.output<typeof resumeFieldsSchema>;
