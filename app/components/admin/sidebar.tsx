import { UserCog } from "lucide-react";
import { NavLink } from "react-router";
import { useAlertCount } from "~/components/admin/live-alerts";
import { ADMIN_NAV, type AdminNavItem } from "~/components/admin/nav";
import { usePapel } from "~/components/admin/use-papel";
import { podeAlguma } from "~/domain/permissions";
import { cn } from "~/lib/utils";

function NavEntry({
  item,
  collapsed,
  onNavigate,
}: {
  item: Pick<AdminNavItem, "to" | "label" | "description" | "icon">;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const count = useAlertCount(item.to);
  const badge =
    count > 0 ? (
      <span
        className={cn(
          "grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs font-bold text-white",
          collapsed ? "absolute -top-0.5 -right-0.5" : "ml-auto",
        )}
        data-testid="aviso-contador"
      >
        {count > 99 ? "99+" : count}
        <span className="sr-only"> {count === 1 ? "novo" : "novos"}</span>
      </span>
    ) : null;
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      title={collapsed ? `${item.label}: ${item.description}` : undefined}
      className={({ isActive }) =>
        cn(
          "relative flex min-h-11 items-center gap-3 rounded-lg text-slate-700 transition-colors hover:bg-brand-50 hover:text-brand-800",
          collapsed ? "justify-center px-0" : "px-3 py-2",
          isActive && "bg-brand-100 text-brand-800",
        )
      }
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {collapsed ? (
        <span className="sr-only">{item.label}</span>
      ) : (
        <span className="grid min-w-0 leading-tight">
          <span className="truncate text-sm font-semibold">{item.label}</span>
          <span className="truncate text-xs text-slate-600">{item.description}</span>
        </span>
      )}
      {badge}
    </NavLink>
  );
}

/** The menu itself: the ten entries plus 'Minha conta', full or as icons only. */
export function AdminNavList({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  // Only what the person may use (the server refuses the rest anyway).
  const papel = usePapel();
  return (
    <div className="flex flex-1 flex-col gap-4">
      <ul className="grid gap-1">
        {ADMIN_NAV.filter((item) => podeAlguma(papel, item.capability)).map((item) => (
          <li key={item.to}>
            <NavEntry item={item} collapsed={collapsed} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className="mt-auto grid gap-1 border-t border-slate-200 pt-3">
        <li>
          <NavEntry
            item={{
              to: "/admin/conta",
              label: "Minha conta",
              description: "Senha e verificação em 2 etapas",
              icon: UserCog,
            }}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        </li>
      </ul>
    </div>
  );
}

/** The desktop sidebar: 16rem open, 3rem of icons collapsed (SPEC §9). */
export function AdminSidebar({ open }: { open: boolean }) {
  return (
    <aside
      id="admin-sidebar"
      data-state={open ? "aberto" : "fechado"}
      aria-label="Menu administrativo"
      className={cn(
        "sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex",
        open ? "w-64" : "w-12",
      )}
    >
      <div
        className={cn(
          "flex h-14 items-center border-b border-slate-200",
          open ? "px-4" : "justify-center",
        )}
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white"
        >
          A
        </span>
        {open ? (
          <span className="ml-2 truncate font-bold text-brand-800">Agropet Admin</span>
        ) : null}
      </div>
      <nav
        aria-label="Seções do painel"
        className={cn("flex flex-1 overflow-y-auto py-3", open ? "px-2" : "px-1")}
      >
        <AdminNavList collapsed={!open} />
      </nav>
    </aside>
  );
}
