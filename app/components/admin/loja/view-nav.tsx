import { LayoutDashboard, Package, Settings, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { LojaView } from "~/schemas/admin-loja-query";

const ITEMS: { view: LojaView; label: string; icon: typeof Package }[] = [
  { view: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { view: "produtos", label: "Produtos", icon: Package },
  { view: "pedidos", label: "Pedidos", icon: ShoppingBag },
  { view: "configuracoes", label: "Configurações", icon: Settings },
];

/** The hub's views as links: each view has its own URL, so reload and back work. */
export function LojaViewNav({ current }: { current: LojaView }) {
  return (
    <nav aria-label="Seções da loja" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        {ITEMS.map(({ view, label, icon: Icon }) => (
          <li key={view}>
            <Link
              to={view === "dashboard" ? "?view=dashboard" : `?view=${view}`}
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
