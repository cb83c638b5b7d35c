import { BookA, LayoutDashboard, Package, Settings, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { LojaView } from "~/schemas/admin-loja-query";

type Current = LojaView | "sinonimos";

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
  return (
    <nav aria-label="Seções da loja" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {ITEMS.map(({ view, label, icon: Icon }) => (
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
        ))}
      </ul>
    </nav>
  );
}
