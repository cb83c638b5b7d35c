// "Entrar" in the store's and the site's headers (issue 42). The pages carrying it are kept by
// the shared cache, the same for everyone, so it always renders "Entrar" (/conta/entrar sends a
// signed-in customer to the account). Who is signed in comes from /conta/eu: read by the
// account-link island on a page served without React, by the effect below on one that hydrates.
import { UserRoundIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { accountLabel } from "~/islands/account-link";
import { Island } from "~/islands/island";
import { usePageHydrates } from "~/lib/hydration";

const ACCOUNT_ME_URL = "/conta/eu";

/** The headers' account link: "Entrar", or the customer's name once signed in. */
export function AccountLink() {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch(ACCOUNT_ME_URL, { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((me) => {
        if (live && me?.entrou) setLabel(accountLabel(me));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return (
    <a
      href={label ? "/conta" : "/conta/entrar"}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
      aria-label={label ? "Minha conta" : "Entrar"}
      title={label ? "Minha conta" : "Entrar na sua conta"}
      data-conta-link=""
      data-testid="conta-link"
    >
      <UserRoundIcon className="size-5" aria-hidden="true" />
      <span className="hidden max-w-32 truncate sm:inline" data-conta-rotulo="">
        {label ?? "Entrar"}
      </span>
    </a>
  );
}

/** The island that fills the links in on a page served without React (once per page). */
export function AccountLinkIsland() {
  const hydrates = usePageHydrates();
  return hydrates ? null : <Island name="account-link" props={{ url: ACCOUNT_ME_URL }} />;
}
