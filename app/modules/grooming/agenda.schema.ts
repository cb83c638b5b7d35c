// The grooming configuration forms (issue 28): a unit's agenda and a service with its price
// and duration per size and coat. Shared by the admin screens, their actions and the demo
// data (app/startup/demo/banho-tosa.json holds these forms' fields).
import { z } from "zod";
import { checkbox, moneyField, optionalText, requiredText } from "~/schemas/money-field";
import { lineText } from "~/schemas/text";
import { isTime } from "./booking-rules";
import { PELAGENS, PORTES, type Porte } from "./booking-vocabulary";

/** A whole number from min to max. */
const whole = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const n = /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** The same, or null when left blank. */
const optionalWhole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .pipe(z.union([z.literal("").transform(() => null), whole(min, max, message)]));

/** "8:00, 09:00 13:30" -> ["08:00", "09:00", "13:30"]; blank is a day without drop-offs. */
const dropOffs = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parts = (v ?? "").split(/[\s,;]+/).filter(Boolean);
    const times = parts.map((p) => (/^\d:\d\d$/.test(p) ? `0${p}` : p));
    if (times.some((t) => !isTime(t))) {
      ctx.addIssue({ code: "custom", message: "Use horários como 08:00, 09:00, 13:30" });
      return z.NEVER;
    }
    return [...new Set(times)].sort();
  });

const dayFields = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [`horarios_${d}`, dropOffs]),
) as Record<`horarios_${0 | 1 | 2 | 3 | 4 | 5 | 6}`, typeof dropOffs>;
const pointFields = Object.fromEntries(
  PORTES.map((p) => [`pontos_${p}`, whole(1, 20, "De 1 a 20 pontos")]),
) as Record<`pontos_${Porte}`, ReturnType<typeof whole>>;
const limitFields = Object.fromEntries(
  PORTES.map((p) => [`limite_${p}`, optionalWhole(0, 99, "De 0 a 99 (vazio: sem limite)")]),
) as Record<`limite_${Porte}`, ReturnType<typeof optionalWhole>>;

export const agendaSchema = z
  .object({
    ativo: checkbox,
    ...dayFields,
    capacidadeHorario: whole(1, 200, "Informe a capacidade de cada horário (1 a 200 pontos)"),
    capacidadeDia: whole(1, 999, "Informe a capacidade do dia (1 a 999 pontos)"),
    ...pointFields,
    ...limitFields,
    antecedenciaHoras: whole(0, 168, "De 0 a 168 horas"),
    diasAFrente: whole(1, 365, "De 1 a 365 dias"),
    cancelamentoHoras: whole(0, 168, "De 0 a 168 horas"),
    confirmarEmHoras: whole(1, 24, "De 1 a 24 horas"),
    statusInicial: z.enum(["solicitado", "confirmado"], { message: "Escolha o status inicial" }),
  })
  .transform((v) => ({
    ativo: v.ativo,
    horarios: Array.from({ length: 7 }, (_, d) => v[`horarios_${d as 0}`]),
    capacidadeHorario: v.capacidadeHorario,
    capacidadeDia: v.capacidadeDia,
    pontos: Object.fromEntries(PORTES.map((p) => [p, v[`pontos_${p}`]])) as Record<Porte, number>,
    limitesPorte: Object.fromEntries(
      PORTES.flatMap((p) => (v[`limite_${p}`] === null ? [] : [[p, v[`limite_${p}`]]])),
    ) as Partial<Record<Porte, number>>,
    antecedenciaHoras: v.antecedenciaHoras,
    diasAFrente: v.diasAFrente,
    cancelamentoHoras: v.cancelamentoHoras,
    confirmarEmHoras: v.confirmarEmHoras,
    statusInicial: v.statusInicial,
  }));

export type AgendaInput = z.output<typeof agendaSchema>;

const priceFields = Object.fromEntries(
  PORTES.flatMap((p) =>
    PELAGENS.flatMap((c) => [
      [`preco_${p}_${c}`, moneyField(`Informe o preço (${p}, pelo ${c})`)],
      [`duracao_${p}_${c}`, whole(5, 600, "De 5 a 600 minutos")],
    ]),
  ),
) as Record<string, z.ZodType<number, string>>;

export const serviceSchema = z
  .object({
    slug: z
      .string({ error: "Informe o identificador" })
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas, números e hífens")
      .max(40, "Use no máximo 40 caracteres"),
    nome: requiredText("Informe o nome do serviço", 80, "Use no máximo 80 caracteres").pipe(
      lineText(),
    ),
    descricao: optionalText(300, "Use no máximo 300 caracteres"),
    adicional: checkbox,
    agendavelOnline: checkbox,
    exigeOrcamentoPrimeiraVez: checkbox,
    ativo: checkbox,
    posicao: optionalWhole(0, 999, "De 0 a 999"),
    ...priceFields,
  })
  .transform((v) => ({
    slug: v.slug,
    nome: v.nome,
    descricao: v.descricao,
    adicional: v.adicional,
    agendavelOnline: v.agendavelOnline,
    exigeOrcamentoPrimeiraVez: v.exigeOrcamentoPrimeiraVez,
    ativo: v.ativo,
    posicao: v.posicao ?? 0,
    precos: PORTES.flatMap((porte) =>
      PELAGENS.map((pelagem) => ({
        porte,
        pelagem,
        preco: (v as unknown as Record<string, number>)[`preco_${porte}_${pelagem}`]!,
        duracaoMinutos: (v as unknown as Record<string, number>)[`duracao_${porte}_${pelagem}`]!,
      })),
    ),
  }));

export type ServiceInput = z.output<typeof serviceSchema>;
