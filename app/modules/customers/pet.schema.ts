// A customer's pet as the account's forms send it (issue 42 point 3): the same schemas check
// the form's fields in the page (their sizes are the inputs' maxLength) and in the action.
// Plain fields, so the pages work without JavaScript.
import { z } from "zod";
import { ESPECIES, PELAGENS, PORTES, SEXOS_PET } from "~/domain/pets";
import { checkbox, optionalText } from "~/schemas/money-field";
import { areaText, lineText, nameText } from "~/schemas/text";

/** The inputs' sizes: the form's maxLength and the schema's max are the same numbers. */
export const PET_LIMITS = {
  nome: 60,
  raca: 60,
  alertas: 300,
  veterinarioNome: 80,
  veterinarioTelefone: 30,
  rgPet: 30,
  vacinaTipo: 60,
  nota: 1000,
} as const;

/** A pet photo or a vaccine proof: one image of at most 10 MB (re-encoded, EXIF stripped). */
export const MAX_PET_PHOTO_BYTES = 10 * 1024 * 1024;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day ('2026-02-30' is not), between 1990 and 2100. */
function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1990 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

const optionalDay = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDay(v), message);

const optionalLine = (max: number) =>
  optionalText(max, `Use no máximo ${max} caracteres`).pipe(lineText().nullable());

const PHONE = "Telefone inválido";

export const petSchema = z.object({
  nome: nameText("Informe o nome do pet", 1, PET_LIMITS.nome),
  especie: z.enum(ESPECIES, { message: "Escolha cão ou gato" }),
  raca: optionalLine(PET_LIMITS.raca),
  porte: z.enum(PORTES, { message: "Escolha o porte" }),
  pelagem: z.enum(PELAGENS, { message: "Escolha a pelagem" }),
  nascimento: optionalDay("Data de nascimento inválida"),
  sexo: z
    .enum(["", ...SEXOS_PET], { message: "Escolha macho ou fêmea" })
    .optional()
    .transform((v) => (v ? (v as (typeof SEXOS_PET)[number]) : null)),
  castrado: checkbox,
  alertas: z
    .string()
    .max(PET_LIMITS.alertas, `Use no máximo ${PET_LIMITS.alertas} caracteres`)
    .optional()
    .transform((v) => v ?? "")
    .pipe(areaText())
    .transform((v) => (v ? v : null)),
  veterinarioNome: optionalLine(PET_LIMITS.veterinarioNome),
  veterinarioTelefone: optionalText(PET_LIMITS.veterinarioTelefone, PHONE).refine(
    (v) => v === null || (/^[\d\s+().-]*$/.test(v) && v.replace(/\D/g, "").length >= 8),
    PHONE,
  ),
  rgPet: optionalLine(PET_LIMITS.rgPet),
});

export type PetInput = z.infer<typeof petSchema>;

export const weightSchema = z.object({
  /** Kilograms as people type them: "12,5" or "12.5". */
  peso: z
    .string({ message: "Informe o peso em kg" })
    .trim()
    .max(8, "Peso inválido")
    .transform((v) => Number(v.replace(",", ".")))
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 150, "Informe o peso em kg (até 150)")
    .transform((v) => Math.round(v * 1000)),
  medidoEm: z
    .string({ message: "Informe o dia da pesagem" })
    .trim()
    .refine(isCalendarDay, "Informe o dia da pesagem"),
});

export const vaccineSchema = z
  .object({
    tipo: nameText("Informe a vacina", 2, PET_LIMITS.vacinaTipo),
    aplicadaEm: z
      .string({ message: "Informe quando foi aplicada" })
      .trim()
      .refine(isCalendarDay, "Informe quando foi aplicada"),
    validaAte: optionalDay("Validade inválida"),
  })
  .refine((v) => v.validaAte === null || v.validaAte >= v.aplicadaEm, {
    path: ["validaAte"],
    message: "A validade é depois da aplicação",
  });

export const noteSchema = z.object({
  texto: z
    .string({ message: "Escreva a observação" })
    .max(PET_LIMITS.nota, `Use no máximo ${PET_LIMITS.nota} caracteres`)
    .pipe(areaText())
    .refine((v) => v.length > 0, "Escreva a observação"),
});

/** Field errors of a failed parse, keyed by field (the first message of each). */
export function petFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
