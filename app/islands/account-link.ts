// The header's "Entrar" becomes "Minha conta" (or "Olá, <nome>") for a signed-in customer
// (issue 42 point 8, decision 0072). Public pages are kept by the shared cache, the same for
// everyone: the page says "Entrar", and this script asks the personal endpoint (never kept)
// who is signed in on this device. Hooks: `a[data-conta-link]` with `[data-conta-rotulo]`.

export interface AccountLinkOptions {
  /** The personal endpoint (/conta/eu). */
  url: string;
}

interface Me {
  entrou: boolean;
  nome?: string | null;
}

/** What a link says for a signed-in customer. */
export function accountLabel(me: Me): string {
  return me.nome ? `Olá, ${me.nome}` : "Minha conta";
}

/** Turns every "Entrar" link of the page into the account's. */
function showAccount(me: Me, root: ParentNode = document): void {
  if (!me.entrou) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[data-conta-link]")) {
    link.href = "/conta";
    link.setAttribute("aria-label", "Minha conta");
    const label = link.querySelector<HTMLElement>("[data-conta-rotulo]");
    if (label) label.textContent = accountLabel(me);
  }
}

export function accountLink(options: AccountLinkOptions): void {
  if (!document.querySelector("a[data-conta-link]")) return;
  fetch(options.url, { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<Me>) : null))
    .then((me) => {
      if (me) showAccount(me);
    })
    .catch(() => {
      // Offline or the endpoint down: the link still says "Entrar", which still works.
    });
}
