import { MenuIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { shop } from "~/content/shop";
import { ChatLink, WhatsappIcon } from "./chat-link";
import { SITE_NAV } from "./nav";

const itemClass = (active: boolean) =>
  `flex min-h-12 w-full items-center rounded-lg px-3 text-base font-semibold ${
    active ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"
  }`;

/**
 * The collapsible menu of small screens: a disclosure button (aria-expanded) and a panel
 * under the header. It closes when a link is chosen, on Escape (focus goes back to the
 * button) and on any navigation. A few lines instead of a dialog library keep the
 * home page's JavaScript small.
 */
export function MobileMenu({
  chatNumber,
  chatLabel,
  chatText,
}: {
  chatNumber: string;
  chatLabel: string;
  chatText: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Fechar menu" : "Abrir menu"}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? (
          <XIcon className="size-6" aria-hidden="true" />
        ) : (
          <MenuIcon className="size-6" aria-hidden="true" />
        )}
      </button>
      <nav
        id={panelId}
        aria-label="Menu do celular"
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-3 pb-4 shadow-lg"
      >
        <ul className="mx-auto grid max-w-6xl gap-1 pt-2">
          {SITE_NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) => itemClass(isActive)}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <Link to="/loja" className={itemClass(false)} onClick={() => setOpen(false)}>
              Loja Online
            </Link>
          </li>
          <li className="pt-2">
            <ChatLink
              number={chatNumber}
              text={chatText}
              aria-label={chatLabel}
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 font-semibold text-white hover:bg-brand-800"
              onClick={() => setOpen(false)}
            >
              <WhatsappIcon className="size-5" />
              <span aria-hidden="true">Falar no {shop.messenger}</span>
            </ChatLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
