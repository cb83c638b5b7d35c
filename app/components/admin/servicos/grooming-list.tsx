import { Camera, Eye } from "lucide-react";
import { useFetcher, useNavigate } from "react-router";
import { CustomerChatButton } from "~/components/admin/chat-button";
import { CardList, InlineDetail, StatusSelect } from "~/components/admin/list-view";
import { Pagination } from "~/components/admin/pagination";
import { IntentForm } from "~/components/forms/intent-form";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { TitledDialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectOptions } from "~/components/ui/select";
import { StatusBadge } from "~/components/ui/status-badge";
import { groomingChatMessage } from "~/domain/admin-messages";
import { formatDateTime, formatIsoDate, preferredTimeText } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import { STATUS_SERVICO, STATUS_SERVICO_LABEL, tipoServicoLabel } from "~/domain/statuses";
import { countText } from "~/domain/text";
import { externalLinkProps } from "~/domain/whatsapp";
import { PORTE_LABEL, PORTES } from "~/modules/grooming";

type Status = (typeof STATUS_SERVICO)[number];
const GROOMING_STATUS_FETCHER = "grooming-status";

export interface GroomingOrder {
  id: string;
  numeroPedido: string;
  status: Status;
  tipoServico: string;
  nomeTutor: string;
  whatsapp: string;
  nomePet: string;
  racaPorte: string;
  dataDesejada: string | null;
  horarioDesejado: string | null;
  levaTraz: boolean;
  endereco: string | null;
  bairro: string | null;
  referencia: string | null;
  observacoes: string | null;
  fotos: string[];
  createdAt: string | Date;
  /** The price the staff answered with, and the signed booking link (issue 28). */
  precoOrcado: number | null;
  porteOrcado: string | null;
  servicosOrcados: string[] | null;
  linkAgendar: string | null;
  /** The booking the tutor made from the link ("agendado"). */
  agendamento: { numero: string; unidadeId: string; data: string; horario: string } | null;
}

/** A bookable service the staff may quote (with the sizes it has prices for). */
export interface QuotableService {
  id: string;
  nome: string;
  adicional: boolean;
  portes: string[];
}

/**
 * Answer the quote with the size the photos show, the services and the price: the tutor gets
 * a link to book with all three fixed.
 */
function QuoteLinkForm({
  order,
  services,
}: {
  order: GroomingOrder;
  services: readonly QuotableService[];
}) {
  if (order.status === "cancelado" || order.status === "concluido") return null;
  return (
    <div className="grid gap-2">
      <IntentForm
        intent="link"
        recordId={order.id}
        className="grid gap-3 rounded-lg border border-slate-200 p-3"
      >
        <div className="grid gap-1">
          <Label htmlFor={`porte-${order.id}`}>Porte (pelas fotos)</Label>
          <Select
            id={`porte-${order.id}`}
            name="porte"
            defaultValue={order.porteOrcado ?? ""}
            className="w-40"
          >
            <option value="">Escolha</option>
            <SelectOptions values={PORTES} labels={PORTE_LABEL} />
          </Select>
        </div>
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">Serviços do orçamento</legend>
          {services.map((s) => (
            <CheckboxLabel
              key={s.id}
              id={`servico-${order.id}-${s.id}`}
              name="servico"
              value={s.id}
              defaultChecked={order.servicosOrcados?.includes(s.id) ?? false}
              className="font-normal"
              label={`${s.nome}${s.adicional ? " (adicional)" : ""}`}
            />
          ))}
        </fieldset>
        <div className="grid gap-1">
          <Label htmlFor={`preco-${order.id}`}>Preço do orçamento (R$)</Label>
          <Input
            id={`preco-${order.id}`}
            name="precoOrcado"
            inputMode="decimal"
            className="w-32"
            defaultValue={order.precoOrcado !== null ? formatBRLNumber(order.precoOrcado) : ""}
          />
        </div>
        <Button type="submit" size="sm" variant="outline" className="justify-self-start">
          Gerar link para agendar
          <span className="sr-only"> do pedido {order.numeroPedido}</span>
        </Button>
      </IntentForm>
      {order.linkAgendar && order.precoOrcado !== null ? (
        <CustomerChatButton
          phone={order.whatsapp}
          message={`Olá, ${order.nomeTutor}! O orçamento de ${order.nomePet} ficou em ${formatBRL(order.precoOrcado)}. Agende o melhor dia e horário por aqui: ${order.linkAgendar}`}
          label="Enviar link para agendar"
          who={order.nomeTutor}
        />
      ) : null}
    </div>
  );
}

function GroomingStatusSelect({ order, idPrefix }: { order: GroomingOrder; idPrefix: string }) {
  // Shared with the list, which shows the toast (a filtered list may drop the changed card).
  return (
    <StatusSelect
      id={`${idPrefix}-${order.id}`}
      label="Status"
      itemId={order.id}
      current={order.status}
      values={STATUS_SERVICO}
      labels={STATUS_SERVICO_LABEL}
      fetcherKey={GROOMING_STATUS_FETCHER}
    />
  );
}

function ContactButton({ order }: { order: GroomingOrder }) {
  return (
    <CustomerChatButton
      phone={order.whatsapp}
      message={groomingChatMessage(order)}
      label="Contatar Cliente"
      who={order.nomeTutor}
    />
  );
}

function when(order: GroomingOrder) {
  return preferredTimeText(
    order.dataDesejada ? formatIsoDate(order.dataDesejada) : null,
    order.horarioDesejado,
  );
}

function DetailsDialog({ order }: { order: GroomingOrder }) {
  return (
    <TitledDialog
      trigger={
        <Button variant="outline" size="sm">
          <Eye aria-hidden="true" /> Ver Detalhes
          <span className="sr-only"> do pedido {order.numeroPedido}</span>
        </Button>
      }
      title={<>Pedido {order.numeroPedido}</>}
      description={
        <>
          {tipoServicoLabel(order.tipoServico)} · recebido em {formatDateTime(order.createdAt)}
        </>
      }
      className="max-w-2xl"
    >
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <section className="grid gap-1">
          <h3 className="font-semibold">Tutor</h3>
          <p>{order.nomeTutor}</p>
          <p>WhatsApp: {formatPhoneDisplay(order.whatsapp)}</p>
        </section>
        <section className="grid gap-1">
          <h3 className="font-semibold">Pet</h3>
          <p>{order.nomePet}</p>
          <p>Raça/porte: {order.racaPorte}</p>
        </section>
        <section className="grid gap-1">
          <h3 className="font-semibold">Serviço</h3>
          <p>{tipoServicoLabel(order.tipoServico)}</p>
          <p>Data desejada: {when(order)}</p>
        </section>
        <section className="grid gap-1">
          <h3 className="font-semibold">Leva e traz</h3>
          {order.levaTraz ? (
            <>
              <p>{order.endereco}</p>
              <p>Bairro: {order.bairro}</p>
              {order.referencia ? <p>Referência: {order.referencia}</p> : null}
            </>
          ) : (
            <p>Não solicitado: o tutor leva o pet.</p>
          )}
        </section>
        {order.observacoes ? (
          <section className="grid gap-1 sm:col-span-2">
            <h3 className="font-semibold">Observações</h3>
            <p className="whitespace-pre-line">{order.observacoes}</p>
          </section>
        ) : null}
        <section className="grid gap-2 sm:col-span-2">
          <h3 className="font-semibold">Fotos ({order.fotos.length})</h3>
          {order.fotos.length ? (
            <ul className="grid grid-cols-3 gap-2">
              {order.fotos.map((url, i) => (
                <li key={url}>
                  <a href={url} {...externalLinkProps} className="block overflow-hidden rounded-lg">
                    <img
                      src={url}
                      alt={`Foto ${i + 1} de ${order.nomePet} (abre em nova aba)`}
                      className="aspect-square w-full object-cover"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p>Nenhuma foto.</p>
          )}
        </section>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <GroomingStatusSelect order={order} idPrefix="status-dialogo" />
        <ContactButton order={order} />
      </div>
    </TitledDialog>
  );
}

export function GroomingList({
  orders,
  services,
  status,
  total,
  page,
  pageSize,
}: {
  orders: GroomingOrder[];
  services: readonly QuotableService[];
  status: string;
  total: number;
  page: number;
  pageSize: number;
}) {
  const navigate = useNavigate();
  useFormResult(useFetcher({ key: GROOMING_STATUS_FETCHER }));
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="filtro-status-servico">Filtrar por status</Label>
        <Select
          id="filtro-status-servico"
          value={status}
          onChange={(e) =>
            navigate(e.target.value === "todos" ? "?" : `?status=${e.target.value}`, {
              replace: true,
            })
          }
        >
          <option value="todos">Todos</option>
          <SelectOptions values={STATUS_SERVICO} labels={STATUS_SERVICO_LABEL} />
        </Select>
      </div>
      <p className="text-sm text-slate-600">
        {total === 1 ? "1 pedido" : `${total} pedidos`}
        {status === "todos" ? "" : " com este status"}
      </p>
      <CardList
        items={orders}
        label="Pedidos de serviço"
        empty={
          status === "todos"
            ? "Nenhum pedido de serviço encontrado."
            : "Nenhum pedido encontrado com este status."
        }
        className="grid gap-4 md:grid-cols-2"
        cardClassName="grid h-full gap-3 p-4"
      >
        {(o) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-bold text-slate-900">Pedido {o.numeroPedido}</h2>
              <StatusBadge of="servico" value={o.status} />
            </div>
            <dl className="grid gap-1 text-sm">
              <InlineDetail label="Serviço">{tipoServicoLabel(o.tipoServico)}</InlineDetail>
              <InlineDetail label="Tutor">
                {o.nomeTutor} · {formatPhoneDisplay(o.whatsapp)}
              </InlineDetail>
              <InlineDetail label="Pet">
                {o.nomePet} ({o.racaPorte})
              </InlineDetail>
              <InlineDetail label="Recebido">{formatDateTime(o.createdAt)}</InlineDetail>
              {o.agendamento ? (
                <InlineDetail label="Agendado">
                  <a
                    className="font-semibold text-brand-700 underline"
                    href={`/admin/servicos/agenda?unidade=${o.agendamento.unidadeId}&dia=${o.agendamento.data}`}
                  >
                    {o.agendamento.numero}: {formatIsoDate(o.agendamento.data)} às{" "}
                    {o.agendamento.horario}
                  </a>
                </InlineDetail>
              ) : null}
              <InlineDetail label="Data desejada">{when(o)}</InlineDetail>
              {o.levaTraz ? (
                <InlineDetail label="Buscar em">
                  {o.endereco} – {o.bairro}
                </InlineDetail>
              ) : null}
              <div className="flex items-center gap-1">
                <Camera className="size-4" aria-hidden="true" />
                <dt className="sr-only">Fotos</dt>
                <dd>{countText(o.fotos.length, "foto")}</dd>
              </div>
            </dl>
            <div className="mt-auto grid gap-3">
              <GroomingStatusSelect order={o} idPrefix="status" />
              <div className="flex flex-wrap gap-2">
                <DetailsDialog order={o} />
                <ContactButton order={o} />
              </div>
              <QuoteLinkForm order={o} services={services} />
            </div>
          </>
        )}
      </CardList>
      <Pagination page={page} total={total} pageSize={pageSize} />
    </div>
  );
}
