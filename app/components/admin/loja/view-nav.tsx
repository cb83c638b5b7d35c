import { BookA, LayoutDashboard, Package, Settings, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { usePapel } from "~/components/admin/use-papel";
import { type Capacidade, type Papel, pode } from "~/domain/permissions";
import { cn } from "~/lib/utils";
import type { LojaView } from "~/schemas/admin-loja-query";

type Current = LojaView | "sinonimos";

/**
 * What each view of the hub needs (decision 0068): any one of them opens it. The settings
 * view holds the shop's settings (loja.configurar) and the neighbourhoods (entrega.editar).
 */
export const LOJA_VIEW_ACCESS: Record<Current, readonly Capacidade[]> = {
  dashboard: ["relatorios.ver"],
  produtos: ["produtos.editar"],
  sinonimos: ["produtos.editar"],
  pedidos: ["pedidos.ver"],
  configuracoes: ["loja.configurar", "entrega.editar"],
};

export function lojaViewAllowed(papel: Papel | null | undefined, view: Current): boolean {
  return LOJA_VIEW_ACCESS[view].some((c) => pode(papel, c));
}

const ITEMS: { view: Current; label: string; icon: typeof Package }[] = [
  { view: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { view: "produtos", label: "Produtos", icon: Package },
  { view: "sinonimos", label: "Sinônimos da busca", icon: BookA },
  { view: "pedidos", label: "Pedidos", icon: ShoppingBag },
  { view: "configuracoes", label: "Configurações", icon: Settings },
];

/** Each view's address: the hub's views in its query, the synonyms a page of their own. */
function viewHref(view: Current): string {
  if (view === "sinonimos") return "/admin/loja/sinonimos";
  return view === "dashboard" ? "/admin/loja?view=dashboard" : `/admin/loja?view=${view}`;
}

/** The hub's views as links: each view has its own URL, so reload and back work. */
export function LojaViewNav({ current }: { current: Current }) {
  const papel = usePapel();
  return (
    <nav aria-label="Seções da loja" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {ITEMS.filter(({ view }) => lojaViewAllowed(papel, view)).map(
          ({ view, label, icon: Icon }) => (
            <li key={view}>
              <Link
                to={viewHref(view)}
                aria-current={current === view ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold text-slate-700 hover:text-slate-900",
                  current === view && "bg-white text-slate-900 shadow",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
