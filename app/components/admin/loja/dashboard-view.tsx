import { AlertTriangle, Package, Receipt, ShoppingBag, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { TitledSection } from "~/components/admin/titled-section";
import { Card } from "~/components/ui/card";
import { formatBRL } from "~/domain/money";
import { countText } from "~/domain/text";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog";

export interface StoreStats {
  produtosAtivos: number;
  estoqueBaixo: number;
  semEstoque: number;
  pedidosTotal: number;
  /** False past the counting limit: "mais de". */
  pedidosTotalExato: boolean;
  pedidosNovos: number;
  pedidosMes: number;
  vendasMes: number;
  ticketMedio: number;
}

function Stat({
  label,
  value,
  icon: Icon,
  to,
  hint,
}: {
  label: string;
  value: string;
  icon: typeof Package;
  to?: string;
  hint?: string;
}) {
  const body = (
    <Card className="flex h-full items-start gap-3 p-4">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid">
        <span className="text-sm text-slate-600">{label}</span>
        <span className="text-2xl font-bold text-slate-900">{value}</span>
        {hint ? <span className="text-xs text-slate-600">{hint}</span> : null}
      </span>
    </Card>
  );
  return to ? (
    <Link to={to} className="rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600">
      {body}
    </Link>
  ) : (
    body
  );
}

export function LojaDashboard({ stats }: { stats: StoreStats }) {
  return (
    <TitledSection id="loja-dashboard" title="Resumo da loja" className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Pedidos do mês"
          value={formatBRL(stats.vendasMes)}
          icon={TrendingUp}
          hint={`${countText(stats.pedidosMes, "pedido")}, sem cancelados`}
        />
        <Stat label="Ticket médio do mês" value={formatBRL(stats.ticketMedio)} icon={Receipt} />
        <Stat
          label="Pedidos novos"
          value={String(stats.pedidosNovos)}
          icon={ShoppingBag}
          to="?view=pedidos&status=novo"
          hint={`${stats.pedidosTotalExato ? countText(stats.pedidosTotal, "pedido") : `mais de ${countText(stats.pedidosTotal, "pedido")}`} no total`}
        />
        <Stat
          label="Produtos ativos"
          value={String(stats.produtosAtivos)}
          icon={Package}
          to="?view=produtos"
        />
        <Stat
          label={`Estoque baixo (1 a ${LOW_STOCK_THRESHOLD})`}
          value={String(stats.estoqueBaixo)}
          icon={AlertTriangle}
          to="?view=produtos&estoque_baixo=1"
          hint={`${stats.semEstoque} sem estoque`}
        />
      </div>
    </TitledSection>
  );
}
