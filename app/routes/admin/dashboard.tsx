import {
  CalendarDays,
  FileText,
  Receipt,
  Scissors,
  ShoppingBag,
  Store,
  TrendingUp,
} from "lucide-react";
import { Link } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SalesChart } from "~/components/admin/sales-chart";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { STATUS_PEDIDO, vagaLabel } from "~/domain/statuses";
import { loadOrFail, requireAdmin } from "~/modules/accounts/index.server";
import { getDashboard } from "~/modules/orders/index.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | Painel Administrativo" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrFail("Erro ao carregar dados do dashboard", () => getDashboard());
}

export function ErrorBoundary() {
  return <AdminLoadError title="Dashboard" message="Erro ao carregar dados do dashboard" />;
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Dashboard"
        description="Resumo das vendas, pedidos, serviços e currículos (horário de Brasília)."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/loja">
                <Store aria-hidden="true" />
                Gerenciar loja
              </Link>
            </Button>
            <Button asChild>
              <Link to="/admin/servicos">
                <Scissors aria-hidden="true" />
                Serviços de banho &amp; tosa
              </Link>
            </Button>
          </>
        }
        className="mb-0"
      />

      <section aria-labelledby="resumo" className="grid gap-4">
        <h2 id="resumo" className="sr-only">
          Resumo
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-stats">
          <StatCard
            label="Vendas hoje"
            value={<span data-testid="vendas-hoje">{formatBRL(d.hoje.total)}</span>}
            hint={
              <span data-testid="pedidos-hoje">
                {d.hoje.pedidos} {d.hoje.pedidos === 1 ? "pedido" : "pedidos"}
              </span>
            }
            icon={TrendingUp}
          />
          <StatCard
            label="Vendas no mês"
            value={<span data-testid="vendas-mes">{formatBRL(d.mes.total)}</span>}
            hint={
              <span data-testid="pedidos-mes">
                {d.mes.pedidos} {d.mes.pedidos === 1 ? "pedido" : "pedidos"}
              </span>
            }
            icon={CalendarDays}
          />
          <StatCard
            label="Banho & tosa aguardando orçamento"
            value={<span data-testid="servicos-pendentes">{d.servicosPendentes}</span>}
            icon={Scissors}
          />
          <StatCard
            label="Currículos novos"
            value={<span data-testid="curriculos-novos">{d.curriculosNovos}</span>}
            icon={FileText}
          />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <h2 className="text-lg font-bold text-slate-900">Vendas dos últimos 7 dias</h2>
            <CardDescription>Total por dia, sem pedidos cancelados.</CardDescription>
          </CardHeader>
          <CardContent>
            <SalesChart data={d.chart} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-bold text-slate-900">Pedidos por status</h2>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2" data-testid="pedidos-por-status">
              {STATUS_PEDIDO.map((status) => (
                <li key={status} className="flex items-center justify-between gap-2">
                  <StatusBadge of="pedido" value={status} />
                  <span className="font-semibold tabular-nums" data-status={status}>
                    {d.porStatus[status]}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Receipt className="size-5 text-brand-700" aria-hidden="true" />
              Pedidos recentes
            </h2>
            <Link to="/admin/loja" className="text-sm font-semibold text-brand-700 hover:underline">
              Ver todos
            </Link>
          </CardHeader>
          <CardContent>
            {d.pedidosRecentes.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum pedido ainda.</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="pedidos-recentes">
                {d.pedidosRecentes.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{p.clienteNome}</p>
                      <p className="text-xs text-slate-600">
                        {p.numeroPedido} · {formatDateTime(p.createdAt)}
                      </p>
                    </div>
                    <div className="grid justify-items-end gap-1">
                      <span className="font-semibold tabular-nums">{formatBRL(p.total)}</span>
                      <StatusBadge of="pedido" value={p.statusPedido} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <ShoppingBag className="size-5 text-brand-700" aria-hidden="true" />
              Currículos recentes
            </h2>
            <Link
              to="/admin/curriculos"
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              Ver todos
            </Link>
          </CardHeader>
          <CardContent>
            {d.curriculosRecentes.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum currículo ainda.</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="curriculos-recentes">
                {d.curriculosRecentes.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{c.nomeCompleto}</p>
                      <p className="text-xs text-slate-600">
                        {vagaLabel(c.vaga)} · {formatDateTime(c.createdAt)}
                      </p>
                    </div>
                    <StatusBadge of="curriculo" value={c.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
