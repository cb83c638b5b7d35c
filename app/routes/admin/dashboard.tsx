import {
  CalendarDays,
  FileText,
  type LucideIcon,
  Receipt,
  Scissors,
  ShoppingBag,
  Store,
  TrendingUp,
  Wallet,
} from "lucide-react";
import { Link, redirect } from "react-router";
import { RiskList } from "~/components/admin/estoque/counter-screen";
import { adminPage } from "~/components/admin/page";
import { SalesChart } from "~/components/admin/sales-chart";
import { AdminScreen } from "~/components/admin/screen";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, SectionCard } from "~/components/ui/card";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { type Capacidade, paginaInicial, pode } from "~/domain/permissions";
import { STATUS_PEDIDO, vagaLabel } from "~/domain/statuses";
import { adminLoader, staffOf } from "~/modules/accounts/index.server";
import { getDashboard } from "~/modules/reports/index.server";
import type { Route } from "./+types/dashboard";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Dashboard",
  capability: "painel.entrar",
  failure: "Erro ao carregar dados do dashboard",
});

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { user, reads }) => {
  // The panel's start: who has no orders to follow (a groomer) starts on their own page.
  if (!pode(user.papel, "pedidos.ver")) throw redirect(paginaInicial(user.papel));
  // The person's units only (decision 0069).
  const d = await reads(() => getDashboard(undefined, staffOf(user)));
  const may = (c: Capacidade) => pode(user.papel, c);
  // Each part only for who may use its area; money totals only with the reports (decision 0068).
  return {
    vendas: may("relatorios.ver")
      ? { hoje: d.hoje, mes: d.mes, chart: d.chart, dinheiro: d.dinheiro, canais: d.canais }
      : null,
    // Online orders a counter sale put at risk (decision 0089): who follows orders sees them.
    emRisco: d.emRisco,
    pedidos: {
      porStatus: d.porStatus,
      finalizadosDias: d.finalizadosDias,
      recentes: d.pedidosRecentes,
    },
    servicosPendentes: may("orcamentos.atender") ? d.servicosPendentes : null,
    curriculos: may("curriculos.ver")
      ? { novos: d.curriculosNovos, recentes: d.curriculosRecentes }
      : null,
    loja: may("produtos.editar") || may("loja.configurar"),
  };
});

/**
 * The orders placed in a period, count and value (the test ids name the period): placed, not
 * paid; what came in is "Recebido" (issue 43 point 5).
 */
function SalesStat({
  label,
  period,
  sales,
  icon,
}: {
  label: string;
  period: "hoje" | "mes";
  sales: { total: number; pedidos: number };
  icon: LucideIcon;
}) {
  return (
    <StatCard
      label={label}
      value={<span data-testid={`vendas-${period}`}>{formatBRL(sales.total)}</span>}
      hint={
        <span data-testid={`pedidos-${period}`}>
          {sales.pedidos} {sales.pedidos === 1 ? "pedido" : "pedidos"}
        </span>
      }
      icon={icon}
    />
  );
}

/** One of the newest entries: who or what, when, and its figure or status at the end. */
interface RecentEntry {
  id: string;
  title: string;
  detail: string;
  end: React.ReactNode;
}

/** The lists the dashboard shows the newest entries of, each with the page of all of them. */
const RECENT_LISTS = {
  pedidos: {
    title: "Pedidos recentes",
    icon: Receipt,
    to: "/admin/loja",
    empty: "Nenhum pedido ainda.",
    testId: "pedidos-recentes",
  },
  curriculos: {
    title: "Currículos recentes",
    icon: ShoppingBag,
    to: "/admin/curriculos",
    empty: "Nenhum currículo ainda.",
    testId: "curriculos-recentes",
  },
} as const;

/** A card of the newest entries of a list, with the link to all of them. */
function RecentCard({
  title,
  icon: Icon,
  to,
  empty,
  testId,
  entries,
}: {
  title: string;
  icon: LucideIcon;
  to: string;
  empty: string;
  testId: string;
  entries: RecentEntry[];
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <Icon className="size-5 text-brand-700" aria-hidden="true" />
          {title}
        </h2>
        <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline">
          Ver todos
        </Link>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid={testId}>
            {entries.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{e.title}</p>
                  <p className="text-xs text-slate-600">{e.detail}</p>
                </div>
                {e.end}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The day's sales, for whoever may see them. */
type VendasDoDia = NonNullable<Route.ComponentProps["loaderData"]["vendas"]>;

/** Today per unit: orders placed beside money received, the grooming room's apart. */
function TodayPerUnit({ dinheiro }: { dinheiro: VendasDoDia["dinheiro"] }) {
  return (
    <SectionCard
      title="Hoje por unidade"
      description="Pedidos feitos (ainda que não pagos) e o que de fato entrou: Pix e cartão online pagos e pagamentos recebidos no balcão, na entrega e no banho e tosa."
    >
      {/* A card per unit rather than a table: five money columns do not fit a phone. */}
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="hoje-por-unidade">
        {dinheiro.porUnidade.map((u) => (
          <li
            key={u.unidade.id}
            data-unidade={u.unidade.id}
            className="grid gap-1 rounded-xl border border-slate-200 p-3 text-sm"
          >
            <Link
              to={`/admin/fechamento?unidade=${u.unidade.id}&dia=${dinheiro.dia}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {u.unidade.nome}
            </Link>
            <dl className="grid gap-0.5 tabular-nums">
              <div className="flex justify-between gap-2">
                <dt>Pedidos ({u.pedidos.quantidade})</dt>
                <dd data-col="pedidos">{formatBRL(u.pedidos.valor)}</dd>
              </div>
              <div className="flex justify-between gap-2 font-semibold">
                <dt>Recebido</dt>
                <dd data-col="recebido">{formatBRL(u.recebido.total)}</dd>
              </div>
              <div className="flex justify-between gap-2 text-slate-600">
                <dt>· Loja</dt>
                <dd data-col="loja">{formatBRL(u.recebido.loja)}</dd>
              </div>
              <div className="flex justify-between gap-2 text-slate-600">
                <dt>· Banho e tosa</dt>
                <dd data-col="banho-tosa">{formatBRL(u.recebido.banhoTosa)}</dd>
              </div>
              {u.programada.quantidade > 0 || u.programada.recebido > 0 ? (
                <div
                  className="flex justify-between gap-2 border-t border-slate-100 pt-1 text-slate-600"
                  data-col="programada"
                >
                  <dt>Compra programada ({u.programada.quantidade})</dt>
                  <dd>
                    {formatBRL(u.programada.valor)} · recebido {formatBRL(u.programada.recebido)}
                  </dd>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** Today's sales per unit by channel: the online store beside the counter's NFC-e, with margin. */
function ChannelsPerUnit({ canais }: { canais: VendasDoDia["canais"] }) {
  if (canais.length === 0) return null;
  return (
    <SectionCard
      title="Vendas por canal hoje"
      description="Loja online (pedidos feitos) e Balcão (NFC-e do caixa, pelo valor das notas; margem pelo custo médio)."
    >
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="canais-por-unidade">
        {canais.map((c) => (
          <li
            key={c.unidadeId}
            data-unidade={c.unidadeId}
            className="grid gap-1 rounded-xl border border-slate-200 p-3 text-sm"
          >
            <p className="font-semibold text-slate-900">{c.unidade}</p>
            <dl className="grid gap-0.5 tabular-nums">
              <div className="flex justify-between gap-2">
                <dt>Loja online ({c.online.pedidos})</dt>
                <dd data-col="online">{formatBRL(c.online.valor)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Balcão ({c.balcao.vendas})</dt>
                <dd data-col="balcao">{formatBRL(c.balcao.valor)}</dd>
              </div>
              <div className="flex justify-between gap-2 text-slate-600">
                <dt>· Margem do balcão</dt>
                <dd data-col="margem">{formatBRL(c.balcao.margem)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <AdminScreen
      width="6xl"
      title="Dashboard"
      description="Resumo dos pedidos, do que foi recebido, dos serviços e currículos (horário de Brasília)."
      actions={
        <>
          {d.loja ? (
            <Button asChild variant="outline">
              <Link to="/admin/loja">
                <Store aria-hidden="true" />
                Gerenciar loja
              </Link>
            </Button>
          ) : null}
          {d.servicosPendentes !== null ? (
            <Button asChild>
              <Link to="/admin/servicos">
                <Scissors aria-hidden="true" />
                Serviços de banho &amp; tosa
              </Link>
            </Button>
          ) : null}
        </>
      }
    >
      <section aria-labelledby="resumo" className="grid gap-4">
        <h2 id="resumo" className="sr-only">
          Resumo
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-stats">
          {d.vendas ? (
            <>
              <SalesStat
                label="Pedidos hoje"
                period="hoje"
                sales={d.vendas.hoje}
                icon={TrendingUp}
              />
              <StatCard
                label="Recebido hoje"
                value={
                  <span data-testid="recebido-hoje">
                    {formatBRL(d.vendas.dinheiro.recebido.total)}
                  </span>
                }
                hint={
                  <span data-testid="recebido-hoje-origem">
                    Loja {formatBRL(d.vendas.dinheiro.recebido.loja)} · Banho e tosa{" "}
                    {formatBRL(d.vendas.dinheiro.recebido.banhoTosa)}
                  </span>
                }
                icon={Wallet}
              />
              <SalesStat
                label="Pedidos no mês"
                period="mes"
                sales={d.vendas.mes}
                icon={CalendarDays}
              />
            </>
          ) : null}
          {d.servicosPendentes !== null ? (
            <StatCard
              label="Banho & tosa aguardando orçamento"
              value={<span data-testid="servicos-pendentes">{d.servicosPendentes}</span>}
              icon={Scissors}
            />
          ) : null}
          {d.curriculos ? (
            <StatCard
              label="Currículos novos"
              value={<span data-testid="curriculos-novos">{d.curriculos.novos}</span>}
              icon={FileText}
            />
          ) : null}
        </div>
      </section>

      {d.emRisco.length > 0 ? (
        <SectionCard
          title="Reservas em risco"
          description="Vendas do balcão deixaram menos em mãos do que os pedidos online reservaram."
        >
          <RiskList emRisco={d.emRisco} />
        </SectionCard>
      ) : null}

      {d.vendas ? <TodayPerUnit dinheiro={d.vendas.dinheiro} /> : null}
      {d.vendas ? <ChannelsPerUnit canais={d.vendas.canais} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        {d.vendas ? (
          <SectionCard
            title="Pedidos dos últimos 7 dias"
            className="lg:col-span-2"
            description="Valor dos pedidos feitos por dia, sem os cancelados (pedido feito não é dinheiro recebido)."
          >
            <SalesChart data={d.vendas.chart} />
          </SectionCard>
        ) : null}
        <SectionCard
          title="Pedidos por status"
          description={
            <>
              Em aberto: todos. Entregues, retirados e cancelados: últimos{" "}
              {d.pedidos.finalizadosDias} dias.
            </>
          }
        >
          <ul className="grid gap-2" data-testid="pedidos-por-status">
            {STATUS_PEDIDO.map((status) => (
              <li key={status} className="flex items-center justify-between gap-2">
                <StatusBadge of="pedido" value={status} />
                <span className="font-semibold tabular-nums" data-status={status}>
                  {d.pedidos.porStatus[status]}
                </span>
              </li>
            ))}
          </ul>
        </SectionCard>
      </div>

      {/* min-w-0: a grid item may shrink, so a long order number truncates on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 *:min-w-0">
        <RecentCard
          {...RECENT_LISTS.pedidos}
          entries={d.pedidos.recentes.map((p) => ({
            id: p.id,
            title: p.clienteNome,
            detail: `${p.numeroPedido} · ${formatDateTime(p.createdAt)}`,
            end: (
              <div className="grid justify-items-end gap-1">
                <span className="font-semibold tabular-nums">{formatBRL(p.total)}</span>
                <StatusBadge of="pedido" value={p.statusPedido} />
              </div>
            ),
          }))}
        />
        {d.curriculos ? (
          <RecentCard
            {...RECENT_LISTS.curriculos}
            entries={d.curriculos.recentes.map((c) => ({
              id: c.id,
              title: c.nomeCompleto,
              detail: `${vagaLabel(c.vaga)} · ${formatDateTime(c.createdAt)}`,
              end: <StatusBadge of="curriculo" value={c.status} />,
            }))}
          />
        ) : null}
      </div>
    </AdminScreen>
  );
}
