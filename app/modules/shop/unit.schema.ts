// The unit form (/admin/unidades, decision 0027): checked in the browser on submit and by the
// action, with one pt-BR message per rule. The week is fourteen fields, `abre_<d>` and
// `fecha_<d>` for Sunday (0) to Saturday (6); a day with both blank is closed.
import { z } from "zod";
import { lerCnpj, lerInscricaoEstadual } from "~/domain/fiscal-id";
import { checkbox } from "~/schemas/money-field";
import { areaText, isPhoneText, lineText, nameText } from "~/schemas/text";
import { type HorarioDia, WEEKDAYS } from "./units";

export const UNIT_INVALID = "Confira os campos destacados";
export const UNIT_SLUG_TAKEN = "Já existe uma unidade com este identificador";
export const UNIT_CNPJ_TAKEN = "Outra unidade já tem este CNPJ: cada filial tem o seu";

const UFS = new Set(
  "AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split(" "),
);

/** A required one-line text. */
const requiredLine = (missing: string, max: number) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Use no máximo ${max} caracteres`)
    .pipe(lineText());

/** An optional phone with area code: 10 or 11 digits, stored as digits; blank is null. */
const optionalPhone = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? "")
  .refine(isPhoneText, "Telefone inválido")
  .transform((v) => v.replace(/\D/g, ""))
  .refine(
    (digits) => digits === "" || digits.length === 10 || digits.length === 11,
    "Telefone deve ter 10 ou 11 dígitos, com DDD",
  )
  .transform((digits) => digits || null);

/** A whole number from `min` to `max`; blank is `blank` (or refused with `message` when none). */
const wholeNumber = (min: number, max: number, message: string, blank?: number) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      if (v === "" && blank !== undefined) return blank;
      const n = /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
/** "9:00" -> "09:00"; null when not a time of day. */
function readTime(text: string): string | null {
  const match = TIME.exec(text);
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : null;
}

const timeField = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? "");
type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
type HourFields = Record<`abre_${Weekday}` | `fecha_${Weekday}`, typeof timeField>;
const hourFields = Object.fromEntries(
  WEEKDAYS.flatMap((_, d) => [
    [`abre_${d}`, timeField],
    [`fecha_${d}`, timeField],
  ]),
) as HourFields;

export const unitSchema = z
  .object({
    slug: z
      .string({ error: "Informe o identificador" })
      .trim()
      .min(1, "Informe o identificador")
      .max(40, "Use no máximo 40 caracteres")
      .regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
        "Use letras minúsculas sem acento, números e hífens (ex.: meia-praia)",
      ),
    nome: nameText("Informe o nome da unidade", 1, 80),
    endereco: requiredLine("Informe o endereço", 120),
    bairro: nameText("Informe o bairro", 1, 80),
    cidade: nameText("Informe a cidade", 1, 80),
    uf: z
      .string({ error: "Informe a UF" })
      .trim()
      .min(1, "Informe a UF")
      .transform((v) => v.toUpperCase())
      .refine((v) => UFS.has(v), "UF inválida. Use a sigla, ex.: SC"),
    cep: z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? "")
      .refine((v) => v === "" || /^\d{5}-?\d{3}$/.test(v), "CEP inválido. Use o formato 88220-000")
      .transform((v) => (v ? `${v.replace("-", "").slice(0, 5)}-${v.slice(-3)}` : null)),
    telefone: optionalPhone,
    whatsapp: optionalPhone,
    cnpj: z
      .string()
      .max(40, "CNPJ inválido")
      .optional()
      .transform((v, ctx) => {
        const read = lerCnpj(v ?? "");
        if (read.ok) return read.value;
        ctx.addIssue({ code: "custom", message: read.message });
        return z.NEVER;
      }),
    /** Checked against the UF below (the same digits can be right in one state only). */
    ie: z
      .string()
      .max(40, "Inscrição estadual inválida")
      .optional()
      .transform((v) => v?.trim() ?? ""),
    mapsUrl: z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? "")
      .refine(
        (v) => v === "" || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v) && v.length <= 500),
        "Link do mapa inválido. Use um endereço https://",
      )
      .transform((v) => v || null),
    /** One service per line. */
    servicos: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .pipe(areaText())
      .transform((v) =>
        v
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length <= 12, "Liste no máximo 12 serviços")
      .refine(
        (list) => list.every((s) => s.length <= 60),
        "Cada serviço deve ter no máximo 60 caracteres",
      ),
    emBreve: checkbox,
    retiradaAtiva: checkbox,
    preparoHoras: wholeNumber(0, 168, "Tempo de preparo deve ser de 0 a 168 horas"),
    instrucoesRetirada: z
      .string()
      .optional()
      .transform((v) => v ?? "")
      .pipe(areaText())
      .pipe(z.string().max(500, "Use no máximo 500 caracteres"))
      .transform((v) => v || null),
    atendeEntregas: checkbox,
    posicao: wholeNumber(0, 999, "Posição inválida. Use um número de 0 a 999", 0),
    ativo: checkbox,
    ...hourFields,
  })
  .superRefine(
    (unit, ctx) => {
      for (const [d, dia] of WEEKDAYS.entries()) {
        const issue = (field: "abre" | "fecha", message: string) =>
          ctx.addIssue({ code: "custom", path: [`${field}_${d}`], message });
        const abre = unit[`abre_${d as Weekday}`];
        const fecha = unit[`fecha_${d as Weekday}`];
        if (abre === "" && fecha === "") continue;
        if (abre === "") {
          issue("abre", `Informe a abertura de ${dia} (ou deixe o dia vazio)`);
          continue;
        }
        if (fecha === "") {
          issue("fecha", `Informe o fechamento de ${dia}`);
          continue;
        }
        const opens = readTime(abre);
        const closes = readTime(fecha);
        if (!opens) issue("abre", "Horário inválido. Use o formato 09:00");
        if (!closes) issue("fecha", "Horário inválido. Use o formato 20:00");
        if (opens && closes && opens >= closes)
          issue("fecha", `O fechamento de ${dia} deve ser depois da abertura`);
      }
      const ie = lerInscricaoEstadual(unit.ie, unit.uf);
      if (!ie.ok) ctx.addIssue({ code: "custom", path: ["ie"], message: ie.message });
      if (unit.emBreve && unit.retiradaAtiva) {
        ctx.addIssue({
          code: "custom",
          path: ["retiradaAtiva"],
          message: "Uma unidade em breve ainda não oferece retirada",
        });
      }
      if (unit.emBreve && unit.atendeEntregas) {
        ctx.addIssue({
          code: "custom",
          path: ["atendeEntregas"],
          message: "Uma unidade em breve ainda não faz entregas",
        });
      }
      // The hours and switches never fail on their own: their rules are told together with
      // the other fields' (a missing name does not hide a wrong closing time).
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((unit) => {
    const horarios: HorarioDia[] = WEEKDAYS.map((_, d) => {
      const abre = readTime(unit[`abre_${d as Weekday}`]);
      const fecha = readTime(unit[`fecha_${d as Weekday}`]);
      return abre && fecha ? { abre, fecha } : null;
    });
    // The unit as stored: its fields, the form's day-by-day times folded into `horarios`.
    const fields = Object.fromEntries(
      Object.entries(unit).filter(([name]) => !(name in hourFields)),
    ) as Omit<typeof unit, keyof HourFields>;
    const ie = lerInscricaoEstadual(unit.ie, unit.uf);
    return { ...fields, ie: ie.ok ? ie.value : null, horarios };
  });

export type UnitInput = z.output<typeof unitSchema>;
