import { Undo2 } from "lucide-react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { type ChangeEntry, ChangeHistory } from "~/components/admin/change-history";
import { CustomerChatButton } from "~/components/admin/chat-button";
import {
  CardList,
  EmptyList,
  FilterBar,
  FilterSearch,
  FilterSelect,
  InlineDetail,
  StatusSelect,
} from "~/components/admin/list-view";
import { OrderStatusControl } from "~/components/admin/loja/order-status-control";
import {
  type OrderListFilters,
  OrdersExportBar,
  PrintOrderLink,
} from "~/components/admin/loja/orders-export";
import { PaidAfterCancel } from "~/components/admin/loja/paid-after-cancel";
import { KeysetPagination } from "~/components/admin/pagination";
import { TitledSection } from "~/components/admin/titled-section";
import { usePode } from "~/components/admin/use-papel";
import { IntentFields } from "~/components/forms/intent-form";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { NamedOptions, SelectOptions } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { orderChatMessage, pickUpReadyMessage } from "~/domain/admin-messages";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import {
  FORMA_PAGAMENTO_LABEL,
  type FormaPagamento,
  JANELA_ENTREGA_LABEL,
  type JanelaEntrega,
  MEIO_COBRANCA_LABEL,
  type MeioCobranca,
  MODOS_PEDIDO,
  PROVEDOR_PAGAMENTO_LABEL,
  type ProvedorPagamento,
  STATUS_PAGAMENTO,
  STATUS_PAGAMENTO_LABEL,
  STATUS_PEDIDO,
  STATUS_PEDIDO_LABEL,
  type StatusCobranca,
} from "~/domain/statuses";
import { formatCep } from "~/modules/delivery";
import { orderLineName } from "~/modules/orders";

interface OrderItem {
  id: string;
  produtoNome: string;
  /** The pack ("15 kg"); empty for a product's only variant. */
  varianteRotulo: string;
  produtoPreco: number;
  quantidade: number;
  subtotal: number;
}

export interface OrderRow {
  /** Where the list goes on from this order (keyset pagination). */
  cursor: string;
  id: string;
  numeroPedido: string;
  clienteNome: string;
  clienteTelefone: string;
  clienteEndereco: string;
  clienteBairro: string;
  clienteReferencia: string | null;
  /** The CEP typed at checkout (8 digits). */
  clienteCep: string | null;
  janelaEntrega: JanelaEntrega | null;
  modo: "entrega" | "retirada";
  unidadeId: string | null;
  codigoRetirada: string | null;
  prontoEm: string | Date | null;
  retiradoEm: string | Date | null;
  estoqueSituacao: "reservado" | "liberado" | "baixado" | "devolvido";
  observacoes: string | null;
  subtotal: number;
  taxaEntrega: number;
  desconto: number;
  total: number;
  cupomCodigo: string | null;
  formaPagamento: FormaPagamento;
  trocoPara: number | null;
  statusPedido: (typeof STATUS_PEDIDO)[number];
  statusPagamento: (typeof STATUS_PAGAMENTO)[number];
  /** Paid after it was cancelled: refund or reopen (decision 0035). */
  pagoAposCancelamentoEm?: string | Date | null;
  createdAt: string | Date;
  itens: OrderItem[];
  /** The newest automatic-Pix charge, for orders paid through the provider. */
  cobranca: {
    id: string;
    provedor: ProvedorPagamento;
    externoId: string;
    status: StatusCobranca;
    statusProvedor: string | null;
    pagoEm: string | Date | null;
    reembolsadoEm: string | Date | null;
    /** Card online (decision 0080): installments, refunded so far, chargeback. */
    meio?: MeioCobranca;
    parcelas?: number | null;
    valor?: number;
    valorReembolsado?: number | null;
    contestadaEm?: string | Date | null;
  } | null;
  /** Each change and who made it ("Por: Ana (Atendente, Unidade Meia Praia)"). */
  historico?: ChangeEntry[];
}

/**
 * Part of a card payment back to the customer (decision 0080): at most what is left; the
 * server checks it again against the provider's record. A plain form: works without scripts.
 */
function PartialRefund({ order }: { order: OrderRow }) {
  const cobranca = order.cobranca!;
  const refund = useFetcher({ key: "pix-refund" });
  const left = (cobranca.valor ?? order.total) - (cobranca.valorReembolsado ?? 0);
  const id = `reembolso-parcial-${order.id}`;
  return (
    <refund.Form
      method="post"
      action={href("/admin/loja/pedidos")}
      className="flex flex-wrap items-end gap-2"
    >
      <IntentFields intent="pix-refund" recordId={order.id} />
      <label htmlFor={id} className="grid gap-1 text-xs font-semibold">
        Reembolsar parte (até {formatBRL(left)})
        <input
          id={id}
          name="valor"
          inputMode="decimal"
          required
          maxLength={20}
          placeholder="0,00"
          className="h-9 w-28 rounded-md border border-slate-300 px-2 text-sm"
        />
      </label>
      <Button size="sm" variant="outline" type="submit" disabled={refund.state !== "idle"}>
        Reembolsar parte
      </Button>
    </refund.Form>
  );
}

/** Provider, charge id and status of an automatic-Pix order, with its refund button. */
function PixCharge({ order }: { order: OrderRow }) {
  const cobranca = order.cobranca!;
  // Shared with the list (like the status selects): the toast survives a re-filtered list.
  const refund = useFetcher({ key: "pix-refund" });
  const busy = refund.state !== "idle" && refund.formData?.get("id") === order.id;
  const refundable =
    usePode("pedidos.reembolsar") && order.statusPagamento === "pago" && cobranca.status === "paga";
  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <dl className="grid gap-1 sm:grid-cols-3">
        <div>
          <dt className="font-semibold">Provedor</dt>
          <dd>{PROVEDOR_PAGAMENTO_LABEL[cobranca.provedor] ?? cobranca.provedor}</dd>
        </div>
        <div>
          <dt className="font-semibold">Cobrança</dt>
          <dd className="break-all font-mono text-xs">{cobranca.externoId}</dd>
        </div>
        <div>
          <dt className="font-semibold">Situação da cobrança</dt>
          <dd>
            <StatusBadge of="cobranca" value={cobranca.status} />
            {cobranca.statusProvedor ? (
              <span className="block text-xs text-slate-600">
                No provedor: <span className="font-mono">{cobranca.statusProvedor}</span>
              </span>
            ) : null}
            {cobranca.pagoEm ? (
              <span className="block text-xs text-slate-600">
                Paga em {formatDateTime(cobranca.pagoEm)}
              </span>
            ) : null}
            {cobranca.reembolsadoEm ? (
              <span className="block text-xs text-slate-600">
                {cobranca.status === "reembolsada" ? "Reembolsada em" : "Último reembolso em"}{" "}
                {formatDateTime(cobranca.reembolsadoEm)}
              </span>
            ) : null}
            {cobranca.meio === "cartao" ? (
              <span className="block text-xs text-slate-600">
                {MEIO_COBRANCA_LABEL.cartao}
                {cobranca.parcelas ? ` em ${cobranca.parcelas}x` : ""}
              </span>
            ) : null}
            {cobranca.valorReembolsado ? (
              <span className="block text-xs text-slate-600">
                Reembolsado até agora: {formatBRL(cobranca.valorReembolsado)}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {cobranca.contestadaEm ? (
        <p role="status" className="rounded-md border border-red-300 bg-red-50 p-2 text-red-900">
          <strong>Contestação (chargeback)</strong> aberta em{" "}
          {formatDateTime(cobranca.contestadaEm)}. Responda no painel do Mercado Pago com o
          comprovante de entrega ou retirada.
        </p>
      ) : null}
      {refundable && cobranca.meio === "cartao" ? <PartialRefund order={order} /> : null}
      {refundable ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" className="justify-self-start" disabled={busy}>
              <Undo2 aria-hidden="true" />
              {busy ? "Reembolsando..." : "Reembolsar"}
              <span className="sr-only"> o pedido {order.numeroPedido}</span>
            </Button>
          }
          title={<>Reembolsar o pedido {order.numeroPedido}?</>}
          description={
            <>
              {cobranca.valorReembolsado ? "O que falta" : "O valor total"} de{" "}
              {formatBRL(order.total - (cobranca.valorReembolsado ?? 0))} volta para o cliente pelo
              Mercado Pago e o pagamento do pedido passa a “Reembolsado”. Isso não pode ser
              desfeito.
            </>
          }
          confirmLabel={<>Reembolsar {formatBRL(order.total - (cobranca.valorReembolsado ?? 0))}</>}
          onConfirm={() =>
            refund.submit(
              { intent: "pix-refund", id: order.id },
              { method: "post", action: href("/admin/loja/pedidos") },
            )
          }
        />
      ) : null}
    </div>
  );
}

function PaymentStatusSelect({ order }: { order: OrderRow }) {
  return (
    <StatusSelect
      id={`payment-status-${order.id}`}
      label="Pagamento"
      itemId={order.id}
      current={order.statusPagamento}
      values={STATUS_PAGAMENTO}
      labels={STATUS_PAGAMENTO_LABEL}
      // One fetcher shared with the list: a filtered list may drop the changed order.
      fetcherKey="payment-status"
      intent="payment-status"
      action={href("/admin/loja/pedidos")}
    />
  );
}

/** What the orders view knows of a unit: its name, and for the customer's notice, where and when. */
export interface OrderUnit {
  id: string;
  nome: string;
  endereco: string;
  horarios: string;
}

/** The filters of the list, and how it shows its orders. */
interface OrderFilters extends OrderListFilters {
  /** Cards, or one compact row per order. */
  lista: "cartoes" | "compacta";
}

/** A filter the list offers as a select. */
interface SelectFilter {
  name: "status" | "pagamento" | "unidade" | "modo";
  label: string;
  options: React.ReactNode;
  allLabel?: string;
}

/** "Entrega" or "Retirada · Unidade X". */
function ModeBadge({ order, unit }: { order: OrderRow; unit: OrderUnit | null }) {
  return order.modo === "retirada" ? (
    <Badge variant="purple" data-testid="modo-pedido">
      Retirada{unit ? ` · ${unit.nome}` : ""}
    </Badge>
  ) : (
    <Badge variant="blue" data-testid="modo-pedido">
      Entrega
    </Badge>
  );
}

const MODO_FILTER_LABEL = { entrega: "Entrega", retirada: "Retirada" } as const;

/**
 * The quick filter of pick-up orders the customer has not collected for more than N days,
 * as a link that keeps the unit filter; when on, the link turns it off.
 */
function NotCollectedLink({ filters }: { filters: OrderFilters }) {
  const params = new URLSearchParams({ view: "pedidos" });
  if (filters.unidade) params.set("unidade", filters.unidade);
  if (filters.lista === "compacta") params.set("lista", "compacta");
  if (!filters.naoRetirados) {
    params.set("nao_retirados", "1");
    params.set("dias", String(filters.dias));
  }
  return (
    <Link
      to={`?${params}`}
      className={buttonVariants({
        variant: filters.naoRetirados ? "default" : "outline",
        size: "sm",
      })}
      aria-current={filters.naoRetirados ? "true" : undefined}
    >
      Não retirados há mais de {filters.dias} dias
    </Link>
  );
}

/** "Cartões" or "Lista compacta": the same orders and filters, shown one way or the other. */
function ListModeLinks({ lista }: { lista: OrderFilters["lista"] }) {
  const location = useLocation();
  const to = (mode: OrderFilters["lista"]) => {
    const params = new URLSearchParams(location.search);
    params.set("view", "pedidos");
    if (mode === "compacta") params.set("lista", "compacta");
    else params.delete("lista");
    return `?${params}`;
  };
  return (
    <nav aria-label="Exibição dos pedidos" className="ml-auto flex gap-1">
      {(
        [
          ["cartoes", "Cartões"],
          ["compacta", "Lista compacta"],
        ] as const
      ).map(([mode, label]) => (
        <Link
          key={mode}
          to={to(mode)}
          aria-current={lista === mode ? "true" : undefined}
          className={buttonVariants({
            variant: lista === mode ? "default" : "outline",
            size: "sm",
          })}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * One line per order, for the counter's quick look: number, when, customer, what to pick
 * (product and pack), total and statuses; the number opens the order's card.
 */
function CompactOrders({
  orders,
  filtered,
  unitOf,
}: {
  orders: OrderRow[];
  filtered: boolean;
  unitOf: (o: OrderRow) => OrderUnit | null;
}) {
  if (orders.length === 0) {
    return (
      <EmptyList>
        {filtered ? "Nenhum pedido encontrado com estes filtros." : "Nenhum pedido recebido ainda."}
      </EmptyList>
    );
  }
  return (
    <ul
      aria-label="Pedidos"
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      data-testid="pedidos-compactos"
    >
      {orders.map((o) => (
        <li
          key={o.id}
          className="grid min-w-0 gap-1 px-3 py-2 text-sm wrap-anywhere sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-center sm:gap-3"
        >
          <div className="grid">
            <Link
              to={`?view=pedidos&q=${encodeURIComponent(o.numeroPedido)}`}
              className="font-mono font-semibold text-brand-700 underline"
            >
              {o.numeroPedido}
            </Link>
            <span className="text-xs text-slate-600">{formatDateTime(o.createdAt)}</span>
          </div>
          <div className="grid min-w-0">
            <span className="font-medium text-slate-900">
              {o.clienteNome} · {formatPhoneDisplay(o.clienteTelefone)}
              {o.modo === "retirada"
                ? ` · Retirada ${unitOf(o)?.nome ?? ""}`
                : ` · ${o.clienteBairro}`}
            </span>
            <span className="text-slate-700">
              {o.itens.map((i) => `${i.quantidade}× ${orderLineName(i)}`).join(", ")}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-1.5 sm:justify-end">
            <span className="font-semibold tabular-nums">{formatBRL(o.total)}</span>
            <StatusBadge of="pedido" value={o.statusPedido} />
            <StatusBadge of="pagamento" value={o.statusPagamento} prefix="Pagamento: " />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function LojaOrders({
  orders,
  total,
  totalExato,
  page,
  hasNewer,
  hasOlder,
  filters,
  unidades,
}: {
  orders: OrderRow[];
  total: number;
  /** False past the counting limit: "mais de {total}". */
  totalExato: boolean;
  page: number;
  hasNewer: boolean;
  hasOlder: boolean;
  filters: OrderFilters;
  whatsappNumero: string | null;
  unidades: OrderUnit[];
}) {
  const unitOf = (o: OrderRow) => unidades.find((u) => u.id === o.unidadeId) ?? null;
  const filtered = Boolean(
    filters.status ||
      filters.pagamento ||
      filters.unidade ||
      filters.modo ||
      filters.naoRetirados ||
      filters.q,
  );
  useFormResult(useFetcher({ key: "order-status" }));
  useFormResult(useFetcher({ key: "payment-status" }));
  useFormResult(useFetcher({ key: "pix-refund" }));
  return (
    <TitledSection
      id="pedidos-titulo"
      title={
        <>
          Pedidos{" "}
          <span className="text-sm font-normal text-slate-600">
            ({totalExato ? total : `mais de ${total.toLocaleString("pt-BR")}`})
          </span>
        </>
      }
      className="grid gap-4"
    >
      <FilterBar view="pedidos" className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]">
        {filters.naoRetirados ? (
          <>
            <input type="hidden" name="nao_retirados" value="1" />
            <input type="hidden" name="dias" value={filters.dias} />
          </>
        ) : null}
        {filters.lista === "compacta" ? (
          <input type="hidden" name="lista" value="compacta" />
        ) : null}
        <FilterSearch
          id="busca-pedidos"
          label="Buscar pedido"
          className="sm:col-span-2 lg:col-span-5"
          defaultValue={filters.q}
          maxLength={100}
          autoComplete="off"
          placeholder="Número, nome, telefone ou código de retirada"
        />
        {(
          [
            {
              name: "status",
              label: "Status",
              options: <SelectOptions values={STATUS_PEDIDO} labels={STATUS_PEDIDO_LABEL} />,
            },
            {
              name: "pagamento",
              label: "Pagamento",
              options: <SelectOptions values={STATUS_PAGAMENTO} labels={STATUS_PAGAMENTO_LABEL} />,
            },
            {
              name: "unidade",
              label: "Unidade",
              options: <NamedOptions items={unidades} />,
              allLabel: "Todas",
            },
            {
              name: "modo",
              label: "Entrega/Retirada",
              options: <SelectOptions values={MODOS_PEDIDO} labels={MODO_FILTER_LABEL} />,
            },
          ] satisfies SelectFilter[]
        ).map((f) => (
          <FilterSelect
            key={f.name}
            id={`filtro-${f.name}`}
            label={f.label}
            name={f.name}
            defaultValue={filters[f.name]}
            allLabel={f.allLabel}
          >
            {f.options}
          </FilterSelect>
        ))}
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
      </FilterBar>
      <div className="flex flex-wrap items-center gap-2">
        <NotCollectedLink filters={filters} />
        {filtered ? (
          <Link
            to={filters.lista === "compacta" ? "?view=pedidos&lista=compacta" : "?view=pedidos"}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            Limpar filtros
          </Link>
        ) : null}
        <ListModeLinks lista={filters.lista} />
      </div>
      <OrdersExportBar filters={filters} />

      {filters.lista === "compacta" ? (
        <CompactOrders orders={orders} filtered={filtered} unitOf={unitOf} />
      ) : (
        <CardList
          items={orders}
          label="Pedidos"
          empty={
            filtered
              ? "Nenhum pedido encontrado com estes filtros."
              : "Nenhum pedido recebido ainda."
          }
          className="grid gap-4"
          cardClassName="grid gap-4 p-4 sm:p-5"
        >
          {(o) => (
            <>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="grid gap-1">
                  <h3 className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
                    Pedido {o.numeroPedido}
                    <StatusBadge of="pedido" value={o.statusPedido} />
                    <StatusBadge of="pagamento" value={o.statusPagamento} prefix="Pagamento: " />
                    <ModeBadge order={o} unit={unitOf(o)} />
                  </h3>
                  <p className="text-sm text-slate-600">{formatDateTime(o.createdAt)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <PrintOrderLink numero={o.numeroPedido} />
                  {o.modo === "retirada" && o.statusPedido === "pronto_retirada" ? (
                    <CustomerChatButton
                      phone={o.clienteTelefone}
                      message={pickUpReadyMessage(o, unitOf(o))}
                      label="Avisar cliente pelo WhatsApp"
                      who={`${o.clienteNome} que o pedido ${o.numeroPedido} está pronto`}
                    />
                  ) : null}
                  <CustomerChatButton
                    phone={o.clienteTelefone}
                    message={orderChatMessage(o)}
                    label="Conversar no WhatsApp"
                    who={`com ${o.clienteNome}`}
                  />
                </div>
              </div>
              <div className="grid gap-4 md:grid-cols-2">
                <dl className="grid gap-1 text-sm">
                  <InlineDetail label="Cliente">
                    {o.clienteNome} · {formatPhoneDisplay(o.clienteTelefone)}
                  </InlineDetail>
                  {o.modo === "retirada" ? (
                    <>
                      <InlineDetail label="Retirada">{unitOf(o)?.nome ?? "Na loja"}</InlineDetail>
                      {o.codigoRetirada ? (
                        <InlineDetail label="Código de retirada">
                          <span className="font-mono font-bold tracking-widest">
                            {o.codigoRetirada}
                          </span>
                        </InlineDetail>
                      ) : null}
                      {o.prontoEm ? (
                        <InlineDetail label="Pronto em">{formatDateTime(o.prontoEm)}</InlineDetail>
                      ) : null}
                      {o.retiradoEm ? (
                        <InlineDetail label="Retirado em">
                          {formatDateTime(o.retiradoEm)}
                        </InlineDetail>
                      ) : null}
                    </>
                  ) : (
                    <>
                      <InlineDetail label="Endereço">
                        {o.clienteEndereco} – {o.clienteBairro}
                        {o.clienteReferencia ? ` (ref.: ${o.clienteReferencia})` : ""}
                      </InlineDetail>
                      {o.clienteCep ? (
                        <InlineDetail label="CEP">{formatCep(o.clienteCep)}</InlineDetail>
                      ) : null}
                      {o.janelaEntrega ? (
                        <InlineDetail label="Entrega">
                          {JANELA_ENTREGA_LABEL[o.janelaEntrega]}
                        </InlineDetail>
                      ) : null}
                    </>
                  )}
                  <InlineDetail label="Forma de pagamento">
                    {FORMA_PAGAMENTO_LABEL[o.formaPagamento]}
                    {o.trocoPara ? ` (troco para ${formatBRL(o.trocoPara)})` : ""}
                  </InlineDetail>
                  {o.observacoes ? (
                    <InlineDetail label="Observações">{o.observacoes}</InlineDetail>
                  ) : null}
                </dl>
                <div className="grid gap-2 text-sm">
                  <ul className="grid gap-1">
                    {o.itens.map((i) => (
                      <li key={i.id} className="flex justify-between gap-3">
                        <span>
                          {i.quantidade}× {orderLineName(i)}{" "}
                          <span className="text-slate-600">({formatBRL(i.produtoPreco)})</span>
                        </span>
                        <span className="font-medium">{formatBRL(i.subtotal)}</span>
                      </li>
                    ))}
                  </ul>
                  <dl className="grid gap-0.5 border-t border-slate-200 pt-2">
                    <div className="flex justify-between">
                      <dt>Subtotal</dt>
                      <dd>{formatBRL(o.subtotal)}</dd>
                    </div>
                    <div className="flex justify-between">
                      <dt>Taxa de entrega</dt>
                      <dd>{formatBRL(o.taxaEntrega)}</dd>
                    </div>
                    {o.desconto > 0 ? (
                      <div className="flex justify-between text-green-800">
                        <dt>Desconto{o.cupomCodigo ? ` (cupom ${o.cupomCodigo})` : ""}</dt>
                        <dd>- {formatBRL(o.desconto)}</dd>
                      </div>
                    ) : null}
                    <div className="flex justify-between text-base font-bold">
                      <dt>Total</dt>
                      <dd>{formatBRL(o.total)}</dd>
                    </div>
                  </dl>
                </div>
              </div>
              <PaidAfterCancel order={o} />
              {o.cobranca ? <PixCharge order={o} /> : null}
              <ChangeHistory
                entries={o.historico ?? []}
                automatic="Automático (pagamento ou prazo do Pix)"
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <OrderStatusControl order={o} />
                <PaymentStatusSelect order={o} />
              </div>
            </>
          )}
        </CardList>
      )}
      <KeysetPagination
        page={page}
        newer={hasNewer ? (orders[0]?.cursor ?? null) : null}
        older={hasOlder ? (orders.at(-1)?.cursor ?? null) : null}
      />
    </TitledSection>
  );
}
