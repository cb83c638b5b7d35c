// The sections of "Minha conta" (issue 42), as plain links: each is a page of its own.
import { NavLink } from "react-router";

const SECTIONS = [
  { to: "/conta", label: "Pedidos e agendamentos", end: true },
  { to: "/conta/pets", label: "Meus pets", end: false },
  { to: "/conta/enderecos", label: "Endereços", end: false },
  { to: "/conta/assinaturas", label: "Compra programada", end: false },
  { to: "/conta/privacidade", label: "Dados e privacidade", end: false },
] as const;

export function AccountNav() {
  return (
    <nav aria-label="Minha conta" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-2 whitespace-nowrap text-sm">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full border px-4 ${
                  isActive
                    ? "border-emerald-700 bg-emerald-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`
              }
            >
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
