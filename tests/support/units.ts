// The two units migration 0006 brings over from the old app/content/shop.ts, as the public
// pages get them, and the unit form of /admin/unidades filled in as an admin would.
import type { HorarioDia, PublicUnit } from "~/modules/shop";
import type { Unidade } from "~/modules/shop/index.server";

/** Monday to Friday 9h to 20h, Saturday 9h to 18h, Sunday closed (Sunday first, as stored). */
export const USUAL_WEEK: HorarioDia[] = [null, ...weekdays("09:00", "20:00"), saturday("18:00")];

/** Monday to Friday open from `abre` to `fecha`. */
export function weekdays(abre: string, fecha: string): HorarioDia[] {
  return Array.from({ length: 5 }, () => ({ abre, fecha }));
}

function saturday(fecha: string): HorarioDia {
  return { abre: "09:00", fecha };
}

/** What the two migrated units have alike: the neighbourhood, the phones and the week. */
const BOTH_UNITS = {
  bairro: "Meia Praia",
  cidade: "Itapema",
  uf: "SC",
  cep: "88220-000",
  telefone: "47999990416",
  whatsapp: "47999990416",
  horarios: USUAL_WEEK,
};

export const MIGRATED_UNITS: PublicUnit[] = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    slug: "meia-praia",
    nome: "Unidade Meia Praia",
    endereco: "Rua 416",
    ...BOTH_UNITS,
    servicos: ["Loja completa", "Rações e acessórios", "Produtos agropecuários"],
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=Rua+416%2C+Meia+Praia%2C+Itapema+SC",
    emBreve: false,
  },
  {
    id: "00000000-0000-4000-8000-000000000002",
    slug: "rua-406",
    nome: "Nova Unidade",
    endereco: "Rua 406 esquina com 408",
    ...BOTH_UNITS,
    servicos: ["Loja", "Banho & Tosa", "Pré-agendamento pelo WhatsApp"],
    mapsUrl:
      "https://www.google.com/maps/search/?api=1&query=Rua+406+esquina+com+408%2C+Meia+Praia%2C+Itapema+SC",
    emBreve: true,
  },
];

/** The form's fourteen hour fields for a week (blank for a closed day). */
export function weekFields(week: readonly HorarioDia[]): Record<string, string> {
  const fields: Record<string, string> = {};
  week.forEach((day, d) => {
    fields[`abre_${d}`] = day?.abre ?? "";
    fields[`fecha_${d}`] = day?.fecha ?? "";
  });
  return fields;
}

/** A valid unit form, as the dialog sends it (checkboxes 'on' when ticked, absent when not). */
export function unitForm(overrides: Record<string, string | undefined> = {}) {
  const fields: Record<string, string | undefined> = {
    nome: "Unidade Centro",
    slug: "centro",
    posicao: "2",
    endereco: "Avenida Nereu Ramos, 1000",
    bairro: "Centro",
    cidade: "Itapema",
    uf: "sc",
    cep: "88220000",
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=Centro+Itapema",
    telefone: "(47) 3333-0416",
    whatsapp: "(47) 98888-0416",
    servicos: "Loja\r\nRações e acessórios\r\n\r\n",
    ativo: "on",
    atendeEntregas: "on",
    retiradaAtiva: "on",
    preparoHoras: "3",
    instrucoesRetirada: "Retire no balcão.",
    ...weekFields(USUAL_WEEK),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The unit's columns the edit dialog shows as they are (empty when none) and as checkboxes. */
const UNIT_TEXTS = [
  "slug",
  "nome",
  "endereco",
  "bairro",
  "cidade",
  "uf",
  "cep",
  "mapsUrl",
  "telefone",
  "whatsapp",
  "cnpj",
  "ie",
  "instrucoesRetirada",
] as const;
const UNIT_CHECKBOXES = ["ativo", "emBreve", "atendeEntregas", "retiradaAtiva"] as const;

/** A saved unit as the edit dialog sends it back, with `changes` typed over it. */
export function unitEditForm(unit: Unidade, changes: Record<string, string | undefined> = {}) {
  const texts = UNIT_TEXTS.map((column) => [column, unit[column] ?? ""] as const);
  const checkboxes = UNIT_CHECKBOXES.map(
    (column) => [column, unit[column] ? "on" : undefined] as const,
  );
  return unitForm({
    intent: "unit-update",
    id: unit.id,
    ...Object.fromEntries([...texts, ...checkboxes]),
    posicao: String(unit.posicao),
    servicos: unit.servicos.join("\n"),
    preparoHoras: String(unit.preparoHoras),
    ...changes,
  });
}
