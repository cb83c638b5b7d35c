// What a module tells the others when something changed (decision 0061), and what a
// subscriber declares in its module's manifest. Types only: the manifest and `emit`
// (events.server.ts) both read them.
import type { TipoAviso } from "~/domain/statuses";
import type { Executor } from "./db/client.server";

/** Every event, `<resource>.<what happened>`, with the module that emits it. */
export const EVENTOS = [
  /** orders: an order was placed (checkout). */
  "pedido.criado",
  /** orders: an order moved to another status (staff, Pix expiry). */
  "pedido.status",
  /** orders: an order's payment changed (paid, refunded…). */
  "pedido.pagamento",
  /** orders: a charge was paid after its order had been cancelled (decision 0035). */
  "pedido.pago_apos_cancelamento",
  /** orders: a card payment was contested (chargeback, decision 0080). */
  "pedido.contestado",
  /** orders: a customer asked for the link to an order they placed. */
  "pedido.link_solicitado",
  /** grooming: a photo quote (pedido de serviço) was received. */
  "pedido_servico.recebido",
  /** grooming: a booking was received, confirmed, rescheduled, cancelled, attended… */
  "agendamento.status",
  /** payments: a booking's online charge moved (paid, refunded…; decision 0088). */
  "agendamento.pagamento",
  /** grooming: the day-before reminder of a booking is due. */
  "agendamento.lembrete",
  /** payments: the charge of a package of baths bought online moved (decision 0091). */
  "pacote_banho.pagamento",
  /** grooming: a pet's package of baths ends within a week with sessions left (0087). */
  "pacote_banho.vencendo",
  /** grooming: a pet's usual interval since its last delivered booking has passed (0087). */
  "agendamento.reagendar",
  /** grooming: a returning tutor asked for a sign-in code. */
  "codigo_tutor.solicitado",
  /** customers: a customer proved their e-mail (a code): guest bookings' pets attach. */
  "cliente.email_verificado",
  /** customers: "juntar pets" merged one pet record into another (booking links follow). */
  "pet.mesclado",
  /** inventory: units of a variant arrived at a unit (NF-e entry, entrada avulsa, count, return). */
  "estoque.entrada",
  /** fiscal: a counter sale left fewer units in hand than online orders reserved (0089). */
  "estoque.reserva_em_risco",
  /** careers: a resume was received. */
  "curriculo.recebido",
] as const;

export type EventName = (typeof EVENTOS)[number];

/** An e-mail the emitting module sends about the change: one of its own kinds (it composes it). */
export interface EmailNotice {
  tipo: string;
  destinatario: string;
  dados?: Record<string, string> | null;
  /** The site's address the customer used (links; PUBLIC_URL wins). */
  origem?: string | null;
}

/** An announcement to the shop's webhook of `canal`; the payload is built only if one is set. */
export interface WebhookNotice {
  canal: "pedido" | "servico" | "curriculo";
  payload: () => Promise<Record<string, unknown>>;
}

/** A live alert for the staff (numbered at commit, decision 0035). */
interface AlertNotice {
  tipo: TipoAviso;
  dados: Record<string, unknown>;
}

export interface DomainEvent {
  tipo: EventName;
  /** What changed: the emitting module's noun (`pedido`, `agendamento`…) and its id. */
  resourceType: string;
  resourceId: string;
  /** What the change tells, by channel: each subscribing channel takes its part. */
  emails?: readonly EmailNotice[];
  webhook?: WebhookNotice;
  aviso?: AlertNotice;
  /** Plain facts a subscriber needs beyond the id (e.g. the pet a merged one went into). */
  dados?: Readonly<Record<string, string>>;
}

/**
 * A module's reaction to events, run inside the emitting transaction: what it writes (an
 * outbox row, an alert) commits or rolls back with the change.
 */
export interface EventSubscriber {
  /** What it does, for the logs and the docs. */
  name: string;
  events: readonly EventName[];
  handle: (executor: Executor, event: DomainEvent) => Promise<void>;
}
