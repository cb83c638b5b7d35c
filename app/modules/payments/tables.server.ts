// The payments module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { METODOS_RECEBIMENTO } from "../../domain/counter-payment";
import { MEIOS_COBRANCA, PROVEDORES_PAGAMENTO, STATUS_COBRANCA } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";
import { usuarios } from "../accounts/tables.server";
import { agendamentos, pacotesPet } from "../grooming/tables.server";
import { pedidos } from "../orders/tables.server";
import { unidades } from "../shop/tables.server";

/**
 * What a payment is for: exactly one order, grooming booking (decision 0088) or package of
 * baths (decisions 0087, 0091), and it goes with it.
 */
const paidFor = () => ({
  pedidoId: col.linkedTo("pedido_id", () => pedidos.id, "cascade"),
  agendamentoId: col.linkedTo("agendamento_id", () => agendamentos.id, "cascade"),
  pacotePetId: col.linkedTo("pacote_pet_id", () => pacotesPet.id, "cascade"),
});

/** The CHECK that one, and only one, of `paidFor`'s links is set. */
const paysForOne = (
  table: string,
  t: Record<keyof ReturnType<typeof paidFor>, pg.ExtraConfigColumn>,
) =>
  pg.check(
    `${table}_origem_check`,
    sql`num_nonnulls(${t.pedidoId}, ${t.agendamentoId}, ${t.pacotePetId}) = 1`,
  );

/**
 * Online payment charges (Pix through a provider). An order may have several over time
 * (one expires, the customer asks for another); each is the provider's record seen from here.
 * A charge belongs to exactly one order or one grooming booking (decision 0088).
 */
export const cobrancas = pgTable(
  "cobrancas",
  {
    id: col.id(),
    /** A package of baths bought online (decision 0091), as well as an order or a booking. */
    ...paidFor(),
    provedor: pg.text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
    /** Pix, or a card paid on the provider's hosted page (issue 43 point 1). */
    meio: pg.text("meio", { enum: MEIOS_COBRANCA }).notNull().default("pix"),
    /** Card: the installments the customer chose at the provider (within the owner's limit). */
    parcelas: pg.integer("parcelas"),
    /** The provider's id of the charge (Mercado Pago: the payment id). */
    externoId: pg.text("externo_id").notNull(),
    /** Sent on creation: a retry after a lost answer gets the same charge back. */
    idempotencyKey: pg.text("idempotency_key").notNull(),
    status: pg.text("status", { enum: STATUS_COBRANCA }).notNull().default("pendente"),
    /** The provider's own status word, for support. */
    statusProvedor: pg.text("status_provedor"),
    valor: col.money("valor").notNull(),
    qrCode: pg.text("qr_code"),
    qrCodeBase64: pg.text("qr_code_base64"),
    ticketUrl: pg.text("ticket_url"),
    expiraEm: col.timestamptz("expira_em"),
    pagoEm: col.timestamptz("pago_em"),
    reembolsadoEm: col.timestamptz("reembolsado_em"),
    /**
     * A refund the provider accepted but has not confirmed yet: the reconciliation reads the
     * charge again until it is refunded (decision 0035).
     */
    reembolsoSolicitadoEm: col.timestamptz("reembolso_solicitado_em"),
    /** Centavos refunded so far (a partial refund leaves the charge 'paga'); null = none. */
    valorReembolsado: col.money("valor_reembolsado"),
    /** A chargeback (contestação) the provider reported; the day close shows it. */
    contestadaEm: col.timestamptz("contestada_em"),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("cobrancas_externo_idx").on(t.provedor, t.externoId),
    pg.uniqueIndex("cobrancas_idempotency_idx").on(t.idempotencyKey),
    pg.index("cobrancas_pedido_idx").on(t.pedidoId),
    pg.index("cobrancas_agendamento_idx").on(t.agendamentoId),
    pg.index("cobrancas_pacote_pet_idx").on(t.pacotePetId),
    paysForOne("cobrancas", t),
    pg.index("cobrancas_status_idx").on(t.status, t.createdAt),
    col.checkInList("cobrancas_provedor_check", "provedor", PROVEDORES_PAGAMENTO),
    col.checkInList("cobrancas_meio_check", "meio", MEIOS_COBRANCA),
    pg.check(
      "cobrancas_parcelas_check",
      sql`${t.parcelas} is null or ${t.parcelas} between 1 and 24`,
    ),
    col.checkInList("cobrancas_status_check", "status", STATUS_COBRANCA),
    pg.check("cobrancas_valor_check", sql`${t.valor} > 0`),
  ],
);

export type Cobranca = typeof cobrancas.$inferSelect;

/**
 * A card checkout at the provider (Mercado Pago Checkout Pro preference): where the customer
 * is sent to pay. The payment it leads to is not known until the provider announces it; it
 * becomes a `cobrancas` row then (decision 0080). "Tentar de novo" makes another one; all of
 * an order's preferences end at the order's payment deadline, the first one's.
 */
export const preferencias = pgTable(
  "preferencias",
  {
    id: col.id(),
    /** Exactly one owner, as a charge's (decisions 0091, 0092: a booking, a package by card). */
    ...paidFor(),
    /** A booking's or a package's: the price it was made for (a new price, a new checkout). */
    valor: col.money("valor"),
    provedor: pg.text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
    externoId: pg.text("externo_id").notNull(),
    /** The provider's hosted checkout page. */
    initPoint: pg.text("init_point").notNull(),
    idempotencyKey: pg.text("idempotency_key").notNull(),
    expiraEm: col.timestamptz("expira_em").notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("preferencias_idempotency_idx").on(t.idempotencyKey),
    pg.index("preferencias_pedido_idx").on(t.pedidoId, t.createdAt),
    pg.index("preferencias_agendamento_idx").on(t.agendamentoId, t.createdAt),
    pg.index("preferencias_pacote_pet_idx").on(t.pacotePetId, t.createdAt),
    paysForOne("preferencias", t),
    col.checkInList("preferencias_provedor_check", "provedor", PROVEDORES_PAGAMENTO),
  ],
);

export type Preferencia = typeof preferencias.$inferSelect;

/**
 * A payment received in person (issue 43, decision 0077): an order handed over at the counter
 * or at the door, or a grooming booking fetched. One per order or booking (a double click
 * records it once); the day close per unit sums these with the online charges.
 */
export const recebimentos = pgTable(
  "recebimentos",
  {
    id: col.id(),
    /** A grooming package is sold at the counter too (issue 45, decision 0087). */
    ...paidFor(),
    /** Where the money came in (the order's or the booking's unit). */
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "set null"),
    metodo: pg.text("metodo", { enum: METODOS_RECEBIMENTO }).notNull(),
    valor: col.money("valor").notNull(),
    /** Cash: what the customer handed over (the change is the difference). */
    recebido: col.money("recebido"),
    /** Why the amount differs from the total (required then). */
    motivo: pg.text("motivo"),
    /** Who received it; kept when the person leaves the team (the name is in the audit). */
    usuarioId: col.linkedTo("usuario_id", () => usuarios.id, "set null"),
    recebidoEm: col.timestamptz("recebido_em").notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("recebimentos_pedido_idx").on(t.pedidoId),
    pg.uniqueIndex("recebimentos_agendamento_idx").on(t.agendamentoId),
    pg.uniqueIndex("recebimentos_pacote_idx").on(t.pacotePetId),
    pg.index("recebimentos_unidade_dia_idx").on(t.unidadeId, t.recebidoEm),
    col.checkInList("recebimentos_metodo_check", "metodo", METODOS_RECEBIMENTO),
    pg.check("recebimentos_valor_check", sql`${t.valor} > 0`),
    paysForOne("recebimentos", t),
  ],
);

export type Recebimento = typeof recebimentos.$inferSelect;
