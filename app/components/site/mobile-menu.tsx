import { MenuIcon, XIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { SiteChatLink } from "~/components/site/chat-link";
import { SiteNavItems } from "~/components/site/nav-items";
import { shop } from "~/content/shop";
import { usePageHydrates } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";

const itemClass = (active: boolean) =>
  `flex min-h-12 w-full items-center rounded-lg px-3 text-base font-semibold ${
    active ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"
  }`;

const OPEN_LABEL = "Abrir menu";
const CLOSE_LABEL = "Fechar menu";

/**
 * For pages served without React: keeps the summary's name in step with the disclosure (its
 * expanded state is the browser's own) and closes it on Escape (focus back on the summary).
 * A few hundred bytes.
 */
function staticMenuScript(id: string) {
  return `(function(){var d=document.getElementById(${JSON.stringify(id)});if(!d)return;var s=d.querySelector("summary");function u(){s.setAttribute("aria-label",d.open?${JSON.stringify(CLOSE_LABEL)}:${JSON.stringify(OPEN_LABEL)})}d.addEventListener("toggle",u);u();document.addEventListener("keydown",function(e){if(e.key==="Escape"&&d.open){d.open=false;s.focus()}})})();`;
}

/**
 * The collapsible menu of small screens: a native disclosure (`<details>`/`<summary>`), so it
 * opens and closes with no JavaScript, and a link closes it by navigating. On hydrated pages
 * React keeps the name right (the summary's expanded state is the browser's own: HTML
 * allows no role or aria-expanded on it), closes it on Escape (focus back on the
 * toggle), when a link is chosen and on any navigation. On pages served without React a tiny
 * inline script does the Escape and the name.
 */
export function MobileMenu({ chatNumber }: { chatNumber: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panelId = useId();
  const toggleRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const hydrates = usePageHydrates();
  const nonce = useNonce();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="lg:hidden">
      <details
        id={id}
        className="group"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary
          ref={toggleRef}
          className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          aria-controls={panelId}
          aria-label={open ? CLOSE_LABEL : OPEN_LABEL}
        >
          <MenuIcon className="size-6 group-open:hidden" aria-hidden="true" />
          <XIcon className="hidden size-6 group-open:block" aria-hidden="true" />
        </summary>
        <nav
          id={panelId}
          aria-label="Menu do celular"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-3 pb-4 shadow-lg"
        >
          <ul className="mx-auto grid max-w-6xl gap-1 pt-2">
            <SiteNavItems
              className={({ isActive }) => itemClass(isActive)}
              onClick={() => setOpen(false)}
            />
            <li>
              <Link
                reloadDocument
                to="/loja"
                className={itemClass(false)}
                onClick={() => setOpen(false)}
              >
                Loja Online
              </Link>
            </li>
            <li className="pt-2">
              <SiteChatLink
                number={chatNumber}
                className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 font-semibold text-white hover:bg-brand-800"
                onClick={() => setOpen(false)}
              >
                Falar no {shop.messenger}
              </SiteChatLink>
            </li>
          </ul>
        </nav>
      </details>
      {hydrates ? null : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: staticMenuScript(id) }} />
      )}
    </div>
  );
}
