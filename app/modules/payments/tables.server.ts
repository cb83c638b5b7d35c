// The payments module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { PROVEDORES_PAGAMENTO, STATUS_COBRANCA } from "../../domain/statuses";
import { createdAt, id, inList, money, ownedBy, updatedAt } from "../../platform/db/columns.server";
import { pedidos } from "../orders/tables.server";

/**
 * Online payment charges (Pix through a provider). An order may have several over time
 * (one expires, the customer asks for another); each is the provider's record seen from here.
 */
export const cobrancas = pgTable(
  "cobrancas",
  {
    id: id(),
    pedidoId: ownedBy("pedido_id", () => pedidos.id),
    provedor: text("provedor", { enum: PROVEDORES_PAGAMENTO }).notNull(),
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
    expiraEm: timestamp("expira_em", { withTimezone: true }),
    pagoEm: timestamp("pago_em", { withTimezone: true }),
    reembolsadoEm: timestamp("reembolsado_em", { withTimezone: true }),
    /**
     * A refund the provider accepted but has not confirmed yet: the reconciliation reads the
     * charge again until it is refunded (decision 0035).
     */
    reembolsoSolicitadoEm: timestamp("reembolso_solicitado_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cobrancas_externo_idx").on(t.provedor, t.externoId),
    uniqueIndex("cobrancas_idempotency_idx").on(t.idempotencyKey),
    index("cobrancas_pedido_idx").on(t.pedidoId),
    index("cobrancas_status_idx").on(t.status, t.createdAt),
    check("cobrancas_provedor_check", inList("provedor", PROVEDORES_PAGAMENTO)),
    check("cobrancas_status_check", inList("status", STATUS_COBRANCA)),
    check("cobrancas_valor_check", sql`${t.valor} > 0`),
  ],
);

export type Cobranca = typeof cobrancas.$inferSelect;
