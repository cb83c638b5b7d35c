// The grooming module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { STATUS_SERVICO, TIPOS_SERVICO } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";
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
    id: col.id(),
    numeroPedido: pg.text("numero_pedido").notNull(),
    status: pg.text("status", { enum: STATUS_SERVICO }).notNull().default("aguardando_orcamento"),
    tipoServico: pg.text("tipo_servico", { enum: TIPOS_SERVICO }).notNull(),
    nomeTutor: pg.text("nome_tutor").notNull(),
    whatsapp: pg.text("whatsapp").notNull(),
    nomePet: pg.text("nome_pet").notNull(),
    racaPorte: pg.text("raca_porte").notNull(),
    dataDesejada: pg.date("data_desejada"),
    horarioDesejado: pg.text("horario_desejado"),
    levaTraz: pg.boolean("leva_traz").notNull().default(false),
    endereco: pg.text("endereco"),
    bairro: pg.text("bairro"),
    referencia: pg.text("referencia"),
    observacoes: pg.text("observacoes"),
    fotos: pg.jsonb("fotos").$type<string[]>().notNull().default([]),
    /** The price the staff answered with, fixed for the booking made from their link. */
    precoOrcado: col.money("preco_orcado"),
    /** The services and size the staff priced (fixed for the booking from their link). */
    servicosOrcados: pg.jsonb("servicos_orcados").$type<string[]>(),
    porteOrcado: pg.text("porte_orcado", { enum: PORTES }),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("pedidos_servicos_numero_idx").on(t.numeroPedido),
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    col.newestFirstIndex("pedidos_servicos_created_at_idx", t),
    pg.index("pedidos_servicos_status_idx").on(t.status),
    col.checkInList("pedidos_servicos_status_check", "status", STATUS_SERVICO),
    col.checkInList("pedidos_servicos_tipo_check", "tipo_servico", TIPOS_SERVICO),
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
    id: col.id(),
    slug: pg.text("slug").notNull(),
    nome: pg.text("nome").notNull(),
    descricao: pg.text("descricao"),
    /** An add-on (hidratação, corte de unhas): only booked with a main service. */
    adicional: pg.boolean("adicional").notNull().default(false),
    agendavelOnline: pg.boolean("agendavel_online").notNull().default(true),
    /** A pet's first visit with this service goes through the photo quote. */
    exigeOrcamentoPrimeiraVez: pg.boolean("exige_orcamento_primeira_vez").notNull().default(false),
    posicao: pg.integer("posicao").notNull().default(0),
    /** Days between two visits a pet usually takes (the rebook reminder's default, 0087). */
    intervaloPadraoDias: pg.integer("intervalo_padrao_dias"),
    ativo: col.ativo(),
    ...col.timestamps(),
  },
  (t) => [pg.uniqueIndex("servicos_banho_slug_idx").on(t.slug)],
);

export type ServicoBanho = typeof servicosBanho.$inferSelect;

export const servicosBanhoPrecos = pgTable(
  "servicos_banho_precos",
  {
    servicoId: col.ownedBy("servico_id", () => servicosBanho.id),
    porte: pg.text("porte", { enum: PORTES }).notNull(),
    pelagem: pg.text("pelagem", { enum: PELAGENS }).notNull(),
    preco: col.money("preco").notNull(),
    duracaoMinutos: pg.integer("duracao_minutos").notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.servicoId, t.porte, t.pelagem] }),
    col.checkInList("servicos_banho_precos_porte_check", "porte", PORTES),
    col.checkInList("servicos_banho_precos_pelagem_check", "pelagem", PELAGENS),
    pg.check(
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
    unidadeId: col.keyOwnedBy("unidade_id", () => unidades.id),
    ativo: col.ativo(),
    /** Seven lists of 'HH:MM', Sunday (0) to Saturday (6); an empty list is a closed day. */
    horarios: pg.jsonb("horarios").$type<string[][]>().notNull(),
    capacidadeHorario: pg.integer("capacidade_horario").notNull(),
    capacidadeDia: pg.integer("capacidade_dia").notNull(),
    /** Capacity points of a pet of each size. */
    pontos: pg.jsonb("pontos").$type<Record<Porte, number>>().notNull(),
    /** At most this many pets of a size a day (a size left out has no limit). */
    limitesPorte: pg.jsonb("limites_porte").$type<Partial<Record<Porte, number>>>().notNull(),
    antecedenciaHoras: pg.integer("antecedencia_horas").notNull().default(2),
    diasAFrente: pg.integer("dias_a_frente").notNull().default(30),
    cancelamentoHoras: pg.integer("cancelamento_horas").notNull().default(24),
    /** A "Solicitado" booking the staff have not confirmed this many hours after it was made
     * is released (cancelled, its capacity free again) and its status page says why. At most
     * a day (decision 0056): a week-long hold let one attacker keep the agenda full. */
    confirmarEmHoras: pg.integer("confirmar_em_horas").notNull().default(12),
    statusInicial: pg
      .text("status_inicial", { enum: ["solicitado", "confirmado"] })
      .notNull()
      .default("solicitado"),
    updatedAt: col.updatedAt(),
  },
  (t) => [
    pg.check(
      "agendas_banho_valores_check",
      sql`${t.capacidadeHorario} > 0 and ${t.capacidadeDia} > 0 and ${t.antecedenciaHoras} >= 0
        and ${t.diasAFrente} between 1 and 365 and ${t.cancelamentoHoras} between 0 and 168
        and ${t.confirmarEmHoras} between 1 and 24`,
    ),
    pg.check("agendas_banho_status_check", sql`${t.statusInicial} in ('solicitado', 'confirmado')`),
  ],
);

export type AgendaBanho = typeof agendasBanho.$inferSelect;

/** Days a unit takes no grooming (holidays). */
export const agendasBanhoFechadas = pgTable(
  "agendas_banho_fechadas",
  {
    unidadeId: col.ownedBy("unidade_id", () => unidades.id),
    data: pg.date("data").notNull(),
    motivo: pg.text("motivo"),
  },
  (t) => [pg.primaryKey({ columns: [t.unidadeId, t.data] })],
);

export const agendamentoNumero = pg.pgSequence("agendamentos_numero_seq", { startWith: 1001 });

/** One booking: one family's pets left at one drop-off time of one unit. */
export const agendamentos = pgTable(
  "agendamentos",
  {
    id: col.id(),
    /** 'AGD' and the sequence: what the tutor and the staff say. */
    numero: pg
      .text("numero")
      .notNull()
      .default(sql`('AGD' || lpad(nextval('agendamentos_numero_seq')::text, 6, '0'))`),
    unidadeId: pg
      .uuid("unidade_id")
      .notNull()
      .references(() => unidades.id),
    /** The shop's calendar day and wall-clock drop-off time ('HH:MM', America/Sao_Paulo). */
    data: pg.date("data").notNull(),
    horario: pg.text("horario").notNull(),
    /** The same drop-off as an instant, for windows and reminders. */
    inicio: col.timestamptz("inicio").notNull(),
    status: pg.text("status", { enum: STATUS_AGENDAMENTO }).notNull(),
    /** online (the tutor), balcao (a walk-in the staff added). */
    origem: pg
      .text("origem", { enum: ["online", "balcao"] })
      .notNull()
      .default("online"),
    /** sha256 of the status link's secret. */
    tokenHash: pg.text("token_hash").notNull(),
    /**
     * The booking form's one-time key: a submit sent again (a double tap, a reload) finds
     * this booking instead of booking twice; the status link's secret derives from it.
     */
    chaveEnvio: pg.text("chave_envio"),
    nomeTutor: pg.text("nome_tutor").notNull(),
    whatsapp: pg.text("whatsapp").notNull(),
    /** The WhatsApp's digits: how a returning tutor's pets are found. */
    whatsappDigitos: pg.text("whatsapp_digitos").notNull(),
    email: pg.text("email"),
    /**
     * A keyed hash of the address the online booking came from (never the address itself):
     * the staff's agenda groups a suspicious set by it and releases it in one action.
     */
    ipHash: pg.text("ip_hash"),
    levaTraz: pg.boolean("leva_traz").notNull().default(false),
    endereco: pg.text("endereco"),
    bairro: pg.text("bairro"),
    observacoes: pg.text("observacoes"),
    /** The photo quote this booking answers, when it came from the staff's link. */
    pedidoServicoId: pg.uuid("pedido_servico_id").references(() => pedidosServicos.id),
    /** Capacity points the booking takes (sum of its pets). */
    pontos: pg.integer("pontos").notNull(),
    precoEstimado: col.money("preco_estimado").notNull(),
    /** Set by the staff at check-in: what the status page shows from then on. */
    precoFinal: col.money("preco_final"),
    /** Every status it went through, with when. */
    historico: pg
      .jsonb("historico")
      .$type<{ status: StatusAgendamento; em: string; nota?: string }[]>()
      .notNull(),
    /** Taken over the day's or drop-off's capacity by the staff (a walk-in, a check-in). */
    acimaCapacidade: pg.boolean("acima_capacidade").notNull().default(false),
    /** When the day-before reminder e-mail was queued (once per booking and day). */
    lembreteEm: col.timestamptz("lembrete_em"),
    /** The groomer who takes the pets (decision 0070); null: not assigned yet. */
    tosadorId: col.linkedTo("tosador_id", () => usuarios.id, "set null"),
    /** The repeat series this booking is an occurrence of (issue 45, decision 0087). */
    serieId: pg.uuid("serie_id").references((): pg.AnyPgColumn => seriesAgendamento.id, {
      onDelete: "set null",
    }),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("agendamentos_numero_idx").on(t.numero),
    pg.index("agendamentos_serie_idx").on(t.serieId),
    pg.uniqueIndex("agendamentos_chave_envio_idx").on(t.chaveEnvio),
    pg.index("agendamentos_unidade_data_idx").on(t.unidadeId, t.data),
    pg.index("agendamentos_whatsapp_idx").on(t.whatsappDigitos),
    // Open online bookings per e-mail (decision 0056) are counted case-blind.
    pg.index("agendamentos_email_idx").on(sql`lower(${t.email})`),
    col.checkInList("agendamentos_status_check", "status", STATUS_AGENDAMENTO),
    pg.check("agendamentos_origem_check", sql`${t.origem} in ('online', 'balcao')`),
    pg.check("agendamentos_horario_check", sql`${t.horario} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
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
    id: col.id(),
    agendamentoId: col.ownedBy("agendamento_id", () => agendamentos.id),
    nome: pg.text("nome").notNull(),
    /** The name's lower case, without accents: a returning pet is the same phone and name. */
    nomeChave: pg.text("nome_chave").notNull(),
    especie: pg.text("especie", { enum: ESPECIES }).notNull(),
    raca: pg.text("raca"),
    porte: pg.text("porte", { enum: PORTES }).notNull(),
    pelagem: pg.text("pelagem", { enum: PELAGENS }).notNull(),
    /** "morde", allergies: what the groomer must know. */
    alertas: pg.text("alertas"),
    pontos: pg.integer("pontos").notNull(),
    servicos: pg.jsonb("servicos").$type<ServicoAgendado[]>().notNull(),
    preco: col.money("preco").notNull(),
    /** The customer's pet this is (issue 42); null for a guest's or a counter booking. */
    petId: col.linkedTo("pet_id", () => pets.id, "set null"),
    /**
     * Size or coat as the customer set them, not yet confirmed by the staff: the booking shows
     * "preço a confirmar" and the staff confirm at check-in.
     */
    porteAConfirmar: pg.boolean("porte_a_confirmar").notNull().default(false),
  },
  (t) => [
    pg.index("agendamento_pets_agendamento_idx").on(t.agendamentoId),
    // A pet's history (the staff's pet page) and the links moved by "juntar pets".
    pg.index("agendamento_pets_pet_idx").on(t.petId),
    col.checkInList("agendamento_pets_porte_check", "porte", PORTES),
    col.checkInList("agendamento_pets_pelagem_check", "pelagem", PELAGENS),
    col.checkInList("agendamento_pets_especie_check", "especie", ESPECIES),
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
    id: col.id(),
    unidadeId: pg
      .uuid("unidade_id")
      .notNull()
      .references(() => unidades.id),
    /** The customer's pet (a signed-in tutor's series, or the staff's for a known pet). */
    petId: col.linkedTo("pet_id", () => pets.id, "set null"),
    nomePet: pg.text("nome_pet").notNull(),
    intervaloDias: pg.integer("intervalo_dias").notNull(),
    horario: pg.text("horario").notNull(),
    primeiraData: pg.date("primeira_data").notNull(),
    /** Up to this many occurrences, or up to this day (both bounded). */
    ocorrencias: pg.integer("ocorrencias").notNull(),
    ateData: pg.date("ate_data"),
    servicoIds: pg.jsonb("servico_ids").$type<string[]>().notNull(),
    origem: pg.text("origem", { enum: ["balcao", "conta"] }).notNull(),
    criadaPor: col.linkedTo("criada_por", () => usuarios.id, "set null"),
    encerradaEm: col.timestamptz("encerrada_em"),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("series_agendamento_pet_idx").on(t.petId),
    pg.check(
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
    id: col.id(),
    nome: pg.text("nome").notNull(),
    /** The services one session covers (a delivered booking with only these consumes it). */
    servicoIds: pg.jsonb("servico_ids").$type<string[]>().notNull(),
    /** Null: any size or coat. */
    porte: pg.text("porte", { enum: PORTES }),
    pelagem: pg.text("pelagem", { enum: PELAGENS }),
    preco: col.money("preco").notNull(),
    sessoes: pg.integer("sessoes").notNull(),
    validadeDias: pg.integer("validade_dias").notNull(),
    ativo: col.ativo(),
    ...col.timestamps(),
  },
  (t) => [
    pg.check(
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
    id: col.id(),
    pacoteId: pg
      .uuid("pacote_id")
      .notNull()
      .references(() => pacotesBanho.id),
    petId: col.ownedBy("pet_id", () => pets.id),
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "set null"),
    nome: pg.text("nome").notNull(),
    servicoIds: pg.jsonb("servico_ids").$type<string[]>().notNull(),
    preco: col.money("preco").notNull(),
    sessoes: pg.integer("sessoes").notNull(),
    usadas: pg.integer("usadas").notNull().default(0),
    /** The last day a session may be used (the shop's calendar). */
    validoAte: pg.date("valido_ate").notNull(),
    vendidoEm: col.timestamptz("vendido_em").notNull(),
    vendidoPor: col.linkedTo("vendido_por", () => usuarios.id, "set null"),
    /** When the "vence em 7 dias" e-mail was queued (once). */
    avisoVencimentoEm: col.timestamptz("aviso_vencimento_em"),
    /**
     * Bought online and not paid yet (decision 0091): no session counts until its charge is
     * paid, which activates it once (validity from that day).
     */
    aguardandoPagamento: pg.boolean("aguardando_pagamento").notNull().default(false),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("pacotes_pet_pet_idx").on(t.petId),
    pg.check("pacotes_pet_usadas_check", sql`${t.usadas} >= 0 and ${t.usadas} <= ${t.sessoes}`),
  ],
);

export type PacotePet = typeof pacotesPet.$inferSelect;

/** One session of a package used by one pet of a delivered booking: at most once each. */
export const pacoteUsos = pgTable(
  "pacote_usos",
  {
    id: col.id(),
    pacotePetId: col.ownedBy("pacote_pet_id", () => pacotesPet.id),
    agendamentoId: col.ownedBy("agendamento_id", () => agendamentos.id),
    agendamentoPetId: col.ownedBy("agendamento_pet_id", () => agendamentoPets.id),
    usadoEm: col.timestamptz("usado_em").notNull(),
  },
  (t) => [
    pg.uniqueIndex("pacote_usos_agendamento_pet_idx").on(t.agendamentoPetId),
    pg.index("pacote_usos_agendamento_idx").on(t.agendamentoId),
    pg.index("pacote_usos_pacote_idx").on(t.pacotePetId),
  ],
);

/** The "hora do próximo banho" e-mail, once per delivered booking it follows. */
export const lembretesReagendar = pgTable(
  "lembretes_reagendar",
  {
    id: col.id(),
    agendamentoId: col.ownedBy("agendamento_id", () => agendamentos.id),
    petId: col.linkedTo("pet_id", () => pets.id, "cascade"),
    enviadoEm: col.timestamptz("enviado_em").notNull(),
  },
  (t) => [pg.uniqueIndex("lembretes_reagendar_agendamento_idx").on(t.agendamentoId)],
);
