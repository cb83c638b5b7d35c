// The grooming module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { STATUS_SERVICO, TIPOS_SERVICO } from "../../domain/statuses";
import {
  ativo,
  checkInList,
  createdAt,
  id,
  linkedTo,
  money,
  newestFirstIndex,
  ownedBy,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { usuarios } from "../accounts/tables.server";
import { pets } from "../customers/tables.server";
import { unidades } from "../shop/tables.server";
import {
  ESPECIES,
  PELAGENS,
  PORTES,
  type Porte,
  STATUS_AGENDAMENTO,
  type StatusAgendamento,
} from "./booking-vocabulary";

export const pedidosServicos = pgTable(
  "pedidos_servicos",
  {
    id: id(),
    numeroPedido: text("numero_pedido").notNull(),
    status: text("status", { enum: STATUS_SERVICO }).notNull().default("aguardando_orcamento"),
    tipoServico: text("tipo_servico", { enum: TIPOS_SERVICO }).notNull(),
    nomeTutor: text("nome_tutor").notNull(),
    whatsapp: text("whatsapp").notNull(),
    nomePet: text("nome_pet").notNull(),
    racaPorte: text("raca_porte").notNull(),
    dataDesejada: date("data_desejada"),
    horarioDesejado: text("horario_desejado"),
    levaTraz: boolean("leva_traz").notNull().default(false),
    endereco: text("endereco"),
    bairro: text("bairro"),
    referencia: text("referencia"),
    observacoes: text("observacoes"),
    fotos: jsonb("fotos").$type<string[]>().notNull().default([]),
    /** The price the staff answered with, fixed for the booking made from their link. */
    precoOrcado: money("preco_orcado"),
    /** The services and size the staff priced (fixed for the booking from their link). */
    servicosOrcados: jsonb("servicos_orcados").$type<string[]>(),
    porteOrcado: text("porte_orcado", { enum: PORTES }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pedidos_servicos_numero_idx").on(t.numeroPedido),
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    newestFirstIndex("pedidos_servicos_created_at_idx", t),
    index("pedidos_servicos_status_idx").on(t.status),
    checkInList("pedidos_servicos_status_check", "status", STATUS_SERVICO),
    checkInList("pedidos_servicos_tipo_check", "tipo_servico", TIPOS_SERVICO),
  ],
);

export type PedidoServico = typeof pedidosServicos.$inferSelect;

// --- Online booking (issue 28, decision 0036): services, each unit's agenda, bookings ---

/**
 * What the tutor books (Banho, Tosa completa, the add-ons…). Its price and duration depend
 * on the pet's size and coat: one row of `servicos_banho_precos` per pair.
 */
export const servicosBanho = pgTable(
  "servicos_banho",
  {
    id: id(),
    slug: text("slug").notNull(),
    nome: text("nome").notNull(),
    descricao: text("descricao"),
    /** An add-on (hidratação, corte de unhas): only booked with a main service. */
    adicional: boolean("adicional").notNull().default(false),
    agendavelOnline: boolean("agendavel_online").notNull().default(true),
    /** A pet's first visit with this service goes through the photo quote. */
    exigeOrcamentoPrimeiraVez: boolean("exige_orcamento_primeira_vez").notNull().default(false),
    posicao: integer("posicao").notNull().default(0),
    /** Days between two visits a pet usually takes (the rebook reminder's default, 0087). */
    intervaloPadraoDias: integer("intervalo_padrao_dias"),
    ativo: ativo(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("servicos_banho_slug_idx").on(t.slug)],
);

export type ServicoBanho = typeof servicosBanho.$inferSelect;

export const servicosBanhoPrecos = pgTable(
  "servicos_banho_precos",
  {
    servicoId: ownedBy("servico_id", () => servicosBanho.id),
    porte: text("porte", { enum: PORTES }).notNull(),
    pelagem: text("pelagem", { enum: PELAGENS }).notNull(),
    preco: money("preco").notNull(),
    duracaoMinutos: integer("duracao_minutos").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.servicoId, t.porte, t.pelagem] }),
    checkInList("servicos_banho_precos_porte_check", "porte", PORTES),
    checkInList("servicos_banho_precos_pelagem_check", "pelagem", PELAGENS),
    check(
      "servicos_banho_precos_valores_check",
      sql`${t.preco} >= 0 and ${t.duracaoMinutos} > 0 and ${t.duracaoMinutos} <= 600`,
    ),
  ],
);

/**
 * A unit's grooming agenda: its drop-off times per weekday and its capacity. The row is
 * also the lock every booking of the unit takes (`for update`) before counting capacity.
 */
export const agendasBanho = pgTable(
  "agendas_banho",
  {
    unidadeId: uuid("unidade_id")
      .primaryKey()
      .references(() => unidades.id, { onDelete: "cascade" }),
    ativo: ativo(),
    /** Seven lists of 'HH:MM', Sunday (0) to Saturday (6); an empty list is a closed day. */
    horarios: jsonb("horarios").$type<string[][]>().notNull(),
    capacidadeHorario: integer("capacidade_horario").notNull(),
    capacidadeDia: integer("capacidade_dia").notNull(),
    /** Capacity points of a pet of each size. */
    pontos: jsonb("pontos").$type<Record<Porte, number>>().notNull(),
    /** At most this many pets of a size a day (a size left out has no limit). */
    limitesPorte: jsonb("limites_porte").$type<Partial<Record<Porte, number>>>().notNull(),
    antecedenciaHoras: integer("antecedencia_horas").notNull().default(2),
    diasAFrente: integer("dias_a_frente").notNull().default(30),
    cancelamentoHoras: integer("cancelamento_horas").notNull().default(24),
    /** A "Solicitado" booking the staff have not confirmed this many hours after it was made
     * is released (cancelled, its capacity free again) and its status page says why. At most
     * a day (decision 0056): a week-long hold let one attacker keep the agenda full. */
    confirmarEmHoras: integer("confirmar_em_horas").notNull().default(12),
    statusInicial: text("status_inicial", { enum: ["solicitado", "confirmado"] })
      .notNull()
      .default("solicitado"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "agendas_banho_valores_check",
      sql`${t.capacidadeHorario} > 0 and ${t.capacidadeDia} > 0 and ${t.antecedenciaHoras} >= 0
        and ${t.diasAFrente} between 1 and 365 and ${t.cancelamentoHoras} between 0 and 168
        and ${t.confirmarEmHoras} between 1 and 24`,
    ),
    check("agendas_banho_status_check", sql`${t.statusInicial} in ('solicitado', 'confirmado')`),
  ],
);

export type AgendaBanho = typeof agendasBanho.$inferSelect;

/** Days a unit takes no grooming (holidays). */
export const agendasBanhoFechadas = pgTable(
  "agendas_banho_fechadas",
  {
    unidadeId: ownedBy("unidade_id", () => unidades.id),
    data: date("data").notNull(),
    motivo: text("motivo"),
  },
  (t) => [primaryKey({ columns: [t.unidadeId, t.data] })],
);

export const agendamentoNumero = pgSequence("agendamentos_numero_seq", { startWith: 1001 });

/** One booking: one family's pets left at one drop-off time of one unit. */
export const agendamentos = pgTable(
  "agendamentos",
  {
    id: id(),
    /** 'AGD' and the sequence: what the tutor and the staff say. */
    numero: text("numero")
      .notNull()
      .default(sql`('AGD' || lpad(nextval('agendamentos_numero_seq')::text, 6, '0'))`),
    unidadeId: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id),
    /** The shop's calendar day and wall-clock drop-off time ('HH:MM', America/Sao_Paulo). */
    data: date("data").notNull(),
    horario: text("horario").notNull(),
    /** The same drop-off as an instant, for windows and reminders. */
    inicio: timestamptz("inicio").notNull(),
    status: text("status", { enum: STATUS_AGENDAMENTO }).notNull(),
    /** online (the tutor), balcao (a walk-in the staff added). */
    origem: text("origem", { enum: ["online", "balcao"] })
      .notNull()
      .default("online"),
    /** sha256 of the status link's secret. */
    tokenHash: text("token_hash").notNull(),
    /**
     * The booking form's one-time key: a submit sent again (a double tap, a reload) finds
     * this booking instead of booking twice; the status link's secret derives from it.
     */
    chaveEnvio: text("chave_envio"),
    nomeTutor: text("nome_tutor").notNull(),
    whatsapp: text("whatsapp").notNull(),
    /** The WhatsApp's digits: how a returning tutor's pets are found. */
    whatsappDigitos: text("whatsapp_digitos").notNull(),
    email: text("email"),
    /**
     * A keyed hash of the address the online booking came from (never the address itself):
     * the staff's agenda groups a suspicious set by it and releases it in one action.
     */
    ipHash: text("ip_hash"),
    levaTraz: boolean("leva_traz").notNull().default(false),
    endereco: text("endereco"),
    bairro: text("bairro"),
    observacoes: text("observacoes"),
    /** The photo quote this booking answers, when it came from the staff's link. */
    pedidoServicoId: uuid("pedido_servico_id").references(() => pedidosServicos.id),
    /** Capacity points the booking takes (sum of its pets). */
    pontos: integer("pontos").notNull(),
    precoEstimado: money("preco_estimado").notNull(),
    /** Set by the staff at check-in: what the status page shows from then on. */
    precoFinal: money("preco_final"),
    /** Every status it went through, with when. */
    historico: jsonb("historico")
      .$type<{ status: StatusAgendamento; em: string; nota?: string }[]>()
      .notNull(),
    /** Taken over the day's or drop-off's capacity by the staff (a walk-in, a check-in). */
    acimaCapacidade: boolean("acima_capacidade").notNull().default(false),
    /** When the day-before reminder e-mail was queued (once per booking and day). */
    lembreteEm: timestamptz("lembrete_em"),
    /** The groomer who takes the pets (decision 0070); null: not assigned yet. */
    tosadorId: linkedTo("tosador_id", () => usuarios.id, "set null"),
    /** The repeat series this booking is an occurrence of (issue 45, decision 0087). */
    serieId: uuid("serie_id").references((): AnyPgColumn => seriesAgendamento.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("agendamentos_numero_idx").on(t.numero),
    index("agendamentos_serie_idx").on(t.serieId),
    uniqueIndex("agendamentos_chave_envio_idx").on(t.chaveEnvio),
    index("agendamentos_unidade_data_idx").on(t.unidadeId, t.data),
    index("agendamentos_whatsapp_idx").on(t.whatsappDigitos),
    // Open online bookings per e-mail (decision 0056) are counted case-blind.
    index("agendamentos_email_idx").on(sql`lower(${t.email})`),
    checkInList("agendamentos_status_check", "status", STATUS_AGENDAMENTO),
    check("agendamentos_origem_check", sql`${t.origem} in ('online', 'balcao')`),
    check("agendamentos_horario_check", sql`${t.horario} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
  ],
);

export type Agendamento = typeof agendamentos.$inferSelect;

/** A booked service as it was sold: name, price and duration for the pet's size and coat. */
export interface ServicoAgendado {
  servicoId: string;
  nome: string;
  preco: number;
  duracaoMinutos: number;
}

/** One pet of a booking. */
export const agendamentoPets = pgTable(
  "agendamento_pets",
  {
    id: id(),
    agendamentoId: ownedBy("agendamento_id", () => agendamentos.id),
    nome: text("nome").notNull(),
    /** The name's lower case, without accents: a returning pet is the same phone and name. */
    nomeChave: text("nome_chave").notNull(),
    especie: text("especie", { enum: ESPECIES }).notNull(),
    raca: text("raca"),
    porte: text("porte", { enum: PORTES }).notNull(),
    pelagem: text("pelagem", { enum: PELAGENS }).notNull(),
    /** "morde", allergies: what the groomer must know. */
    alertas: text("alertas"),
    pontos: integer("pontos").notNull(),
    servicos: jsonb("servicos").$type<ServicoAgendado[]>().notNull(),
    preco: money("preco").notNull(),
    /** The customer's pet this is (issue 42); null for a guest's or a counter booking. */
    petId: linkedTo("pet_id", () => pets.id, "set null"),
    /**
     * Size or coat as the customer set them, not yet confirmed by the staff: the booking shows
     * "preço a confirmar" and the staff confirm at check-in.
     */
    porteAConfirmar: boolean("porte_a_confirmar").notNull().default(false),
  },
  (t) => [
    index("agendamento_pets_agendamento_idx").on(t.agendamentoId),
    // A pet's history (the staff's pet page) and the links moved by "juntar pets".
    index("agendamento_pets_pet_idx").on(t.petId),
    checkInList("agendamento_pets_porte_check", "porte", PORTES),
    checkInList("agendamento_pets_pelagem_check", "pelagem", PELAGENS),
    checkInList("agendamento_pets_especie_check", "especie", ESPECIES),
  ],
);

export type AgendamentoPet = typeof agendamentoPets.$inferSelect;

// --- Grooming plans (issue 45 points 5 and 6, decision 0087) ---

/**
 * A repeat series: one pet, the same services and drop-off time every `intervalo_dias`
 * days, each occurrence an ordinary booking (`agendamentos.serie_id`) that took capacity
 * like any other. Ending it cancels the occurrences still ahead.
 */
export const seriesAgendamento = pgTable(
  "series_agendamento",
  {
    id: id(),
    unidadeId: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id),
    /** The customer's pet (a signed-in tutor's series, or the staff's for a known pet). */
    petId: linkedTo("pet_id", () => pets.id, "set null"),
    nomePet: text("nome_pet").notNull(),
    intervaloDias: integer("intervalo_dias").notNull(),
    horario: text("horario").notNull(),
    primeiraData: date("primeira_data").notNull(),
    /** Up to this many occurrences, or up to this day (both bounded). */
    ocorrencias: integer("ocorrencias").notNull(),
    ateData: date("ate_data"),
    servicoIds: jsonb("servico_ids").$type<string[]>().notNull(),
    origem: text("origem", { enum: ["balcao", "conta"] }).notNull(),
    criadaPor: linkedTo("criada_por", () => usuarios.id, "set null"),
    encerradaEm: timestamptz("encerrada_em"),
    createdAt: createdAt(),
  },
  (t) => [
    index("series_agendamento_pet_idx").on(t.petId),
    check(
      "series_agendamento_valores_check",
      sql`${t.intervaloDias} in (7, 14, 21, 28) and ${t.ocorrencias} between 1 and 26
        and ${t.origem} in ('balcao', 'conta')`,
    ),
  ],
);

export type SerieAgendamento = typeof seriesAgendamento.$inferSelect;

/** A package the owner sells ("Pacote 4 banhos"): services, size and coat, price, validity. */
export const pacotesBanho = pgTable(
  "pacotes_banho",
  {
    id: id(),
    nome: text("nome").notNull(),
    /** The services one session covers (a delivered booking with only these consumes it). */
    servicoIds: jsonb("servico_ids").$type<string[]>().notNull(),
    /** Null: any size or coat. */
    porte: text("porte", { enum: PORTES }),
    pelagem: text("pelagem", { enum: PELAGENS }),
    preco: money("preco").notNull(),
    sessoes: integer("sessoes").notNull(),
    validadeDias: integer("validade_dias").notNull(),
    ativo: ativo(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "pacotes_banho_valores_check",
      sql`${t.preco} > 0 and ${t.sessoes} between 1 and 52 and ${t.validadeDias} between 1 and 730`,
    ),
  ],
);

export type PacoteBanho = typeof pacotesBanho.$inferSelect;

/**
 * A package sold for one pet: what it was sold as (copied, so a later change of the offer
 * changes nothing bought), its sessions used and its last day.
 */
export const pacotesPet = pgTable(
  "pacotes_pet",
  {
    id: id(),
    pacoteId: uuid("pacote_id")
      .notNull()
      .references(() => pacotesBanho.id),
    petId: ownedBy("pet_id", () => pets.id),
    unidadeId: linkedTo("unidade_id", () => unidades.id, "set null"),
    nome: text("nome").notNull(),
    servicoIds: jsonb("servico_ids").$type<string[]>().notNull(),
    preco: money("preco").notNull(),
    sessoes: integer("sessoes").notNull(),
    usadas: integer("usadas").notNull().default(0),
    /** The last day a session may be used (the shop's calendar). */
    validoAte: date("valido_ate").notNull(),
    vendidoEm: timestamptz("vendido_em").notNull(),
    vendidoPor: linkedTo("vendido_por", () => usuarios.id, "set null"),
    /** When the "vence em 7 dias" e-mail was queued (once). */
    avisoVencimentoEm: timestamptz("aviso_vencimento_em"),
    /**
     * Bought online and not paid yet (decision 0091): no session counts until its charge is
     * paid, which activates it once (validity from that day).
     */
    aguardandoPagamento: boolean("aguardando_pagamento").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("pacotes_pet_pet_idx").on(t.petId),
    check("pacotes_pet_usadas_check", sql`${t.usadas} >= 0 and ${t.usadas} <= ${t.sessoes}`),
  ],
);

export type PacotePet = typeof pacotesPet.$inferSelect;

/** One session of a package used by one pet of a delivered booking: at most once each. */
export const pacoteUsos = pgTable(
  "pacote_usos",
  {
    id: id(),
    pacotePetId: ownedBy("pacote_pet_id", () => pacotesPet.id),
    agendamentoId: ownedBy("agendamento_id", () => agendamentos.id),
    agendamentoPetId: ownedBy("agendamento_pet_id", () => agendamentoPets.id),
    usadoEm: timestamptz("usado_em").notNull(),
  },
  (t) => [
    uniqueIndex("pacote_usos_agendamento_pet_idx").on(t.agendamentoPetId),
    index("pacote_usos_agendamento_idx").on(t.agendamentoId),
    index("pacote_usos_pacote_idx").on(t.pacotePetId),
  ],
);

/** The "hora do próximo banho" e-mail, once per delivered booking it follows. */
export const lembretesReagendar = pgTable(
  "lembretes_reagendar",
  {
    id: id(),
    agendamentoId: ownedBy("agendamento_id", () => agendamentos.id),
    petId: linkedTo("pet_id", () => pets.id, "cascade"),
    enviadoEm: timestamptz("enviado_em").notNull(),
  },
  (t) => [uniqueIndex("lembretes_reagendar_agendamento_idx").on(t.agendamentoId)],
);
