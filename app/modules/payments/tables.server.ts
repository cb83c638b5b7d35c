// The payments module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { METODOS_RECEBIMENTO } from "../../domain/counter-payment";
import { MEIOS_COBRANCA, PROVEDORES_PAGAMENTO, STATUS_COBRANCA } from "../../domain/statuses";
import {
  checkInList,
  createdAt,
  id,
  linkedTo,
  money,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { usuarios } from "../accounts/tables.server";
import { agendamentos, pacotesPet } from "../grooming/tables.server";
import { pedidos } from "../orders/tables.server";
import { unidades } from "../shop/tables.server";

/**
 * Online payment charges (Pix through a provider). An order may have several over time
 * (one expires, the customer asks for another); each is the provider's record seen from here.
 * A charge belongs to exactly one order or one grooming booking (decision 0088).
 */
export const cobrancas = pgTable(
  "cobrancas",
  {
    id: id(),
    pedidoId: linkedTo("pedido_id", () => pedidos.id, "cascade"),
    agendamentoId: uuid("agendamento_id").references(() => agendamentos.id, {
      onDelete: "cascade",
    }),
    /** A package of baths bought online (decision 0091). */
    pacotePetId: linkedTo("pacote_pet_id", () => pacotesPet.id, "cascade"),
    provedor: text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
    /** Pix, or a card paid on the provider's hosted page (issue 43 point 1). */
    meio: text("meio", { enum: MEIOS_COBRANCA }).notNull().default("pix"),
    /** Card: the installments the customer chose at the provider (within the owner's limit). */
    parcelas: integer("parcelas"),
    /** The provider's id of the charge (Mercado Pago: the payment id). */
    externoId: text("externo_id").notNull(),
    /** Sent on creation: a retry after a lost answer gets the same charge back. */
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: STATUS_COBRANCA }).notNull().default("pendente"),
    /** The provider's own status word, for support. */
    statusProvedor: text("status_provedor"),
    valor: money("valor").notNull(),
    qrCode: text("qr_code"),
    qrCodeBase64: text("qr_code_base64"),
    ticketUrl: text("ticket_url"),
    expiraEm: timestamptz("expira_em"),
    pagoEm: timestamptz("pago_em"),
    reembolsadoEm: timestamptz("reembolsado_em"),
    /**
     * A refund the provider accepted but has not confirmed yet: the reconciliation reads the
     * charge again until it is refunded (decision 0035).
     */
    reembolsoSolicitadoEm: timestamptz("reembolso_solicitado_em"),
    /** Centavos refunded so far (a partial refund leaves the charge 'paga'); null = none. */
    valorReembolsado: money("valor_reembolsado"),
    /** A chargeback (contestação) the provider reported; the day close shows it. */
    contestadaEm: timestamptz("contestada_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cobrancas_externo_idx").on(t.provedor, t.externoId),
    uniqueIndex("cobrancas_idempotency_idx").on(t.idempotencyKey),
    index("cobrancas_pedido_idx").on(t.pedidoId),
    index("cobrancas_agendamento_idx").on(t.agendamentoId),
    index("cobrancas_pacote_pet_idx").on(t.pacotePetId),
    check(
      "cobrancas_origem_check",
      sql`num_nonnulls(${t.pedidoId}, ${t.agendamentoId}, ${t.pacotePetId}) = 1`,
    ),
    index("cobrancas_status_idx").on(t.status, t.createdAt),
    checkInList("cobrancas_provedor_check", "provedor", PROVEDORES_PAGAMENTO),
    checkInList("cobrancas_meio_check", "meio", MEIOS_COBRANCA),
    check("cobrancas_parcelas_check", sql`${t.parcelas} is null or ${t.parcelas} between 1 and 24`),
    checkInList("cobrancas_status_check", "status", STATUS_COBRANCA),
    check("cobrancas_valor_check", sql`${t.valor} > 0`),
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
    id: id(),
    /** Exactly one owner, as a charge's (decisions 0091, 0092: a booking, a package). */
    pedidoId: linkedTo("pedido_id", () => pedidos.id, "cascade"),
    agendamentoId: linkedTo("agendamento_id", () => agendamentos.id, "cascade"),
    /** A package of baths bought online by card (decision 0092). */
    pacotePetId: linkedTo("pacote_pet_id", () => pacotesPet.id, "cascade"),
    /** A booking's or a package's: the price it was made for (a new price, a new checkout). */
    valor: money("valor"),
    provedor: text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
    externoId: text("externo_id").notNull(),
    /** The provider's hosted checkout page. */
    initPoint: text("init_point").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    expiraEm: timestamptz("expira_em").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("preferencias_idempotency_idx").on(t.idempotencyKey),
    index("preferencias_pedido_idx").on(t.pedidoId, t.createdAt),
    index("preferencias_agendamento_idx").on(t.agendamentoId, t.createdAt),
    index("preferencias_pacote_pet_idx").on(t.pacotePetId, t.createdAt),
    check(
      "preferencias_origem_check",
      sql`num_nonnulls(${t.pedidoId}, ${t.agendamentoId}, ${t.pacotePetId}) = 1`,
    ),
    checkInList("preferencias_provedor_check", "provedor", PROVEDORES_PAGAMENTO),
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
    id: id(),
    pedidoId: linkedTo("pedido_id", () => pedidos.id, "cascade"),
    agendamentoId: uuid("agendamento_id").references(() => agendamentos.id, {
      onDelete: "cascade",
    }),
    /** A grooming package sold at the counter (issue 45, decision 0087). */
    pacotePetId: linkedTo("pacote_pet_id", () => pacotesPet.id, "cascade"),
    /** Where the money came in (the order's or the booking's unit). */
    unidadeId: linkedTo("unidade_id", () => unidades.id, "set null"),
    metodo: text("metodo", { enum: METODOS_RECEBIMENTO }).notNull(),
    valor: money("valor").notNull(),
    /** Cash: what the customer handed over (the change is the difference). */
    recebido: money("recebido"),
    /** Why the amount differs from the total (required then). */
    motivo: text("motivo"),
    /** Who received it; kept when the person leaves the team (the name is in the audit). */
    usuarioId: linkedTo("usuario_id", () => usuarios.id, "set null"),
    recebidoEm: timestamptz("recebido_em").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("recebimentos_pedido_idx").on(t.pedidoId),
    uniqueIndex("recebimentos_agendamento_idx").on(t.agendamentoId),
    uniqueIndex("recebimentos_pacote_idx").on(t.pacotePetId),
    index("recebimentos_unidade_dia_idx").on(t.unidadeId, t.recebidoEm),
    checkInList("recebimentos_metodo_check", "metodo", METODOS_RECEBIMENTO),
    check("recebimentos_valor_check", sql`${t.valor} > 0`),
    check(
      "recebimentos_origem_check",
      sql`num_nonnulls(${t.pedidoId}, ${t.agendamentoId}, ${t.pacotePetId}) = 1`,
    ),
  ],
);

export type Recebimento = typeof recebimentos.$inferSelect;
