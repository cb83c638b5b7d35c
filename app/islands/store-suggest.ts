// Suggestions while typing in the store's search, on a page served without React (decision
// 0013): the search field becomes a combobox (WAI-ARIA 1.2) whose list shows what
// /loja/sugestoes answers (products with picture and price, categories). Typing is never
// held: the request waits for a pause, an older answer never replaces a newer one, and a
// failure (offline, an error) only hides the list; the form still searches as before.
import type { IslandKit } from "~/islands/kit";
import type { Suggestion } from "~/modules/catalog";

export interface StoreSuggestOptions {
  /** The search field's id. */
  inputId: string;
  /** The JSON route that suggests. */
  url: string;
}

/** The pause after a keystroke before asking (ms). */
const DEBOUNCE_MS = 180;
const MIN_LENGTH = 2;

export function storeSuggest(options: StoreSuggestOptions, kit: Pick<IslandKit, "brl">): void {
  const input = document.getElementById(options.inputId) as HTMLInputElement | null;
  if (!input || input.dataset.suggest === "1") return;
  input.dataset.suggest = "1";
  const host = input.parentElement as HTMLElement;
  const listId = `${options.inputId}-sugestoes`;

  const list = document.createElement("ul");
  list.id = listId;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Sugestões de busca");
  list.hidden = true;
  list.className =
    "absolute inset-x-0 top-full z-30 mt-1 max-h-[min(70vh,28rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg";
  const status = document.createElement("p");
  status.className = "sr-only";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  host.append(list, status);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);

  const answers = new Map<string, Suggestion[]>();
  let items: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  let asked = "";

  const optionId = (i: number) => `${listId}-${i}`;

  function close() {
    list.hidden = true;
    input!.setAttribute("aria-expanded", "false");
    input!.removeAttribute("aria-activedescendant");
    active = -1;
  }

  function open() {
    if (items.length === 0) return close();
    list.hidden = false;
    input!.setAttribute("aria-expanded", "true");
  }

  function highlight(next: number) {
    const options = list.querySelectorAll<HTMLElement>('[role="option"]');
    options[active]?.setAttribute("aria-selected", "false");
    options[active]?.classList.remove("bg-brand-50");
    active = next;
    const chosen = options[active];
    if (!chosen) {
      input!.removeAttribute("aria-activedescendant");
      return;
    }
    chosen.setAttribute("aria-selected", "true");
    chosen.classList.add("bg-brand-50");
    input!.setAttribute("aria-activedescendant", chosen.id);
    chosen.scrollIntoView({ block: "nearest" });
  }

  function row(s: Suggestion, i: number): HTMLLIElement {
    const li = document.createElement("li");
    li.id = optionId(i);
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    // The option itself leads to the address (a link inside an option would be a control
    // inside a control): a tap, a click or Enter.
    li.dataset.href = s.href;
    li.className =
      "flex min-w-0 cursor-pointer items-center gap-3 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50";

    if (s.tipo === "produto") {
      const picture = s.imagem ? document.createElement("img") : document.createElement("span");
      picture.className = "size-10 shrink-0 rounded-md bg-slate-100 object-cover";
      if (picture instanceof HTMLImageElement && s.imagem) {
        picture.src = s.imagem;
        picture.alt = "";
        picture.width = 40;
        picture.height = 40;
        picture.loading = "lazy";
        picture.decoding = "async";
      } else {
        picture.setAttribute("aria-hidden", "true");
      }
      const text = document.createElement("span");
      text.className = "grid min-w-0";
      const name = document.createElement("span");
      name.className = "break-words font-medium";
      name.textContent = s.nome;
      const price = document.createElement("span");
      price.className = "text-slate-600";
      price.textContent = `${s.aPartirDe ? "a partir de " : ""}${kit.brl(s.preco)}`;
      text.append(name, price);
      li.append(picture, text);
    } else {
      const label = document.createElement("span");
      label.className = "shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600";
      label.textContent = "Categoria";
      const name = document.createElement("span");
      name.className = "min-w-0 break-words font-medium";
      name.textContent = s.nome;
      li.append(label, name);
    }
    return li;
  }

  function show(found: Suggestion[]) {
    items = found;
    active = -1;
    input!.removeAttribute("aria-activedescendant");
    list.replaceChildren(...found.map(row));
    status.textContent =
      found.length === 0
        ? ""
        : found.length === 1
          ? "1 sugestão. Use as setas para escolher."
          : `${found.length} sugestões. Use as setas para escolher.`;
    if (document.activeElement === input) open();
    else close();
  }

  async function ask(q: string) {
    const kept = answers.get(q);
    if (kept) return show(kept);
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const response = await fetch(`${options.url}?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { sugestoes?: Suggestion[] };
      const found = Array.isArray(body.sugestoes) ? body.sugestoes : [];
      if (answers.size > 50) answers.clear();
      answers.set(q, found);
      // Only the answer to what the field says now.
      if (asked === q) show(found);
    } catch {
      // Offline, aborted or refused: no list; the form still searches.
      if (asked === q) show([]);
    } finally {
      if (pending === controller) pending = undefined;
    }
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    const q = input.value.trim().replace(/\s+/g, " ");
    asked = q;
    if (q.length < MIN_LENGTH) {
      pending?.abort();
      show([]);
      return;
    }
    timer = setTimeout(() => void ask(q), DEBOUNCE_MS);
  });

  input.addEventListener("keydown", (event) => {
    if (event.isComposing) return;
    const n = items.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (n === 0) return;
        event.preventDefault();
        if (list.hidden) open();
        const step = event.key === "ArrowDown" ? 1 : -1;
        highlight(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
        break;
      }
      case "Enter": {
        const chosen = !list.hidden && active >= 0 ? items[active] : undefined;
        if (!chosen) return close();
        event.preventDefault();
        window.location.assign(chosen.href);
        break;
      }
      case "Escape":
        if (!list.hidden) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        close();
        break;
    }
  });

  input.addEventListener("focus", () => {
    if (items.length > 0) open();
  });
  // A tap on the list keeps the focus in the field until the option is followed.
  list.addEventListener("mousedown", (event) => event.preventDefault());
  list.addEventListener("click", (event) => {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    if (option?.dataset.href) window.location.assign(option.dataset.href);
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
}
