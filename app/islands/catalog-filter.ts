// The /produtos filter without React: search as you type and species chips, over the cards
// the server rendered (all of them, those filtered out `hidden`). Same rule as
// filterCategories in ~/modules/catalog/filter: accent- and case-insensitive substring of
// the title or the description, AND the species.

export interface CatalogFilterOptions {
  formId: string;
  /** '1 categoria encontrada' and '{n} categorias encontradas'. */
  countLabels: { one: string; other: string };
}

export function catalogFilter(options: CatalogFilterOptions): void {
  const form = document.getElementById(options.formId) as HTMLFormElement | null;
  if (!form || form.dataset.ready === "1") return;
  form.dataset.ready = "1";
  const root = form.parentElement as HTMLElement;
  const search = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const chosen = form.querySelector<HTMLInputElement>('input[type="hidden"][name="especie"]')!;
  const chips = Array.from(form.querySelectorAll<HTMLButtonElement>('button[name="especie"]'));
  const cards = Array.from(root.querySelectorAll<HTMLElement>("[data-busca]"));
  const count = root.querySelector<HTMLElement>("[data-contagem]")!;
  const empty = root.querySelector<HTMLElement>("[data-vazio]")!;
  const list = root.querySelector<HTMLElement>("[data-lista]")!;
  const normalize = (text: string) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim();

  function apply() {
    const needle = normalize(search.value);
    const species = chosen.value;
    let visible = 0;
    for (const card of cards) {
      const match =
        (species === "todos" || (card.dataset.especies ?? "").split(" ").includes(species)) &&
        (card.dataset.busca ?? "").split("\n").some((text) => text.includes(needle));
      card.hidden = !match;
      if (match) visible++;
    }
    for (const chip of chips) chip.setAttribute("aria-pressed", String(chip.value === species));
    count.textContent =
      visible === 1
        ? options.countLabels.one
        : options.countLabels.other.replace("{n}", String(visible));
    empty.hidden = visible > 0;
    list.hidden = visible === 0;
    // The address follows the filters, as the form without JavaScript would give.
    const params = new URLSearchParams();
    if (search.value.trim()) params.set("q", search.value.trim());
    if (species !== "todos") params.set("especie", species);
    const query = params.toString();
    history.replaceState(history.state, "", query ? `?${query}` : location.pathname);
  }

  search.addEventListener("input", apply);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    apply();
  });
  for (const chip of chips) {
    chip.addEventListener("click", (event) => {
      event.preventDefault();
      chosen.value = chip.value;
      apply();
    });
  }
  empty.querySelector("a")?.addEventListener("click", (event) => {
    event.preventDefault();
    search.value = "";
    chosen.value = "todos";
    apply();
    search.focus();
  });
}
