// The cart page and the checkout, served without React (decisions 0013 and 0020); their only
// UI. The cart lives only in localStorage (the same entry and JSON as
// ~/components/loja/cart-context, which the order page's header reads), so
// the server renders the page's frame and this island fills it: the lines (cloned from a
// `<template>`), the quote the server computes (GET /loja/resumo: prices, stock, coupon,
// delivery fee, Pix discount, totals), the coupon, the empty state; on the checkout, the
// hidden `itens` and `cupom` fields, the payment's own fields and the button while sending.
// The rules are ~/modules/orders/cart's; the texts come as props
// (~/components/loja/purchase-texts), so the module stays free of the modules they come from.
//
// Hooks in the HTML: `[data-compra-pagina]` around the page (`[data-cheio]`, `[data-vazio]`),
// `[data-linhas]` with its `template[data-linha]`, `[data-resumo]` with its
// `template[data-resumo-modelo]` (`[data-campo=…]`, `[data-linha-resumo=…]`). The cart page:
// `[data-limpar]`, `[data-cupom-aplicado]`, `[data-cupom-form]`, `[data-cupom-aviso]`,
// `#carrinho-bairro`, `[data-finalizar]`. The checkout: `form[data-checkout]` with
// `[data-forma=…]` blocks, `[data-enviar]` and `[data-mensagem]`. When everything is wired,
// `data-pronto` is set on `[data-compra-pagina]`.

import type { StoredCart as Cart, IslandKit, CartItem as Item } from "~/islands/kit";
import type { CartQuote } from "~/modules/orders";

export interface StorePurchaseOptions {
  storageKey: string;
  texts: {
    couponApplied: string;
    couponRemoved: string;
    couponInvalid: string;
    unavailable: string;
    lastOne: string;
    fewLeft: string;
    free: string;
    byNeighbourhood: string;
    sending: string;
    cepSearching: string;
    cepUnavailable: string;
    /** "A {unidade} não tem tudo do seu pedido". */
    pickUpGapTitle: string;
    /** The accessible name of a gap's "Remover" ({nome}). */
    pickUpGapRemove: string;
  };
}

/** The server's quote (GET /loja/resumo) and one of its lines. */
type Quote = CartQuote;
type Line = Quote["linhas"][number];

export function storePurchase(options: StorePurchaseOptions, kit: IslandKit): void {
  const root = document.querySelector<HTMLElement>("[data-compra-pagina]");
  if (!root || root.dataset.pronto === "1") return;
  const key = options.storageKey;
  const texts = options.texts;
  const $ = <E extends Element = HTMLElement>(selector: string, within: ParentNode = root) =>
    within.querySelector<E>(selector);
  const { brl, toast } = kit;
  const encode = (items: Item[]) => items.map((i) => `${i.id}:${i.quantidade}`).join(",");

  const read = () => kit.readCart(key);

  let cart = read();
  function write(next: Cart) {
    cart = next;
    // The header's count (the store-cart island) hears it as a storage event.
    kit.writeCart(key, next);
  }

  const full = $("[data-cheio]");
  const emptyState = $("[data-vazio]");
  const lines = $("[data-linhas]");
  const lineTemplate = $<HTMLTemplateElement>("template[data-linha]");
  const summary = $("[data-resumo]");
  const summaryTemplate = $<HTMLTemplateElement>("template[data-resumo-modelo]");
  const clearButton = $<HTMLButtonElement>("[data-limpar]");
  const couponApplied = $("[data-cupom-aplicado]");
  const couponForm = $<HTMLFormElement>("form[data-cupom-form]");
  const couponInput = couponForm
    ? $<HTMLInputElement>('input:not([type="hidden"])', couponForm)
    : null;
  const couponNote = $("[data-cupom-aviso]");
  const cartBairro = $<HTMLSelectElement>("#carrinho-bairro");
  const finish = $<HTMLAnchorElement>("[data-finalizar]");
  const checkout = $<HTMLFormElement>("form[data-checkout]");
  const submit = checkout ? $<HTMLButtonElement>("[data-enviar]", checkout) : null;
  const field = (name: string) =>
    (checkout?.elements.namedItem(name) ?? null) as HTMLInputElement | null;

  let quote: Quote | null = null;
  let loading = false;
  let pending: string | null = null;
  let asked = 0;

  function showEmpty() {
    const empty = cart.items.length === 0;
    if (full) full.hidden = empty;
    if (emptyState) emptyState.hidden = !empty;
    if (clearButton) clearButton.hidden = empty;
    return empty;
  }

  function renderLines() {
    if (!lines || !lineTemplate) return;
    const byId = new Map((quote?.linhas ?? []).map((l) => [l.id, l]));
    const rows = cart.items.map((item) => {
      const row = (lineTemplate.content.firstElementChild as HTMLElement).cloneNode(
        true,
      ) as HTMLElement;
      row.dataset.id = item.id;
      const line = byId.get(item.id);
      const set = (selector: string, text: string) => {
        const el = $(selector, row);
        if (el) el.textContent = text;
      };
      const label = (selector: string, template: string) =>
        $(selector, row)?.setAttribute(
          "aria-label",
          template.replace("{nome}", () => item.nome),
        );
      // The product's page with this pack chosen (~/modules/orders/cart's cartLineHref).
      for (const link of row.querySelectorAll<HTMLAnchorElement>("a[data-produto]")) {
        if (line) link.href = `/loja/produto/${line.produtoId}?v=${encodeURIComponent(line.sku)}`;
      }
      set("[data-nome]", item.nome);
      set("[data-quantidade]", String(item.quantidade));
      if (checkout) {
        // A line the pick-up unit lacks stays, marked, and counts nothing in this quote.
        const gap = Boolean(line?.falta);
        const note = $("[data-falta]", row);
        if (note) note.hidden = !gap;
        set("[data-subtotal]", gap ? "—" : line ? brl(line.subtotal) : "…");
        return row;
      }
      const preco = line?.preco ?? item.preco;
      set("[data-preco]", `${brl(preco)} cada`);
      set("[data-preco-linha]", brl(preco * item.quantidade));
      const img = $<HTMLImageElement>("img", row);
      if (img && item.imagem) {
        img.src = item.imagem;
        const match = item.imagem.match(/^(.*)-\d+\.webp$/);
        if (match && img.dataset.larguras) {
          img.srcset = img.dataset.larguras
            .split(",")
            .map((w) => `${match[1]}-${w}.webp ${w}w`)
            .join(", ");
        }
        $("[data-sem-imagem]", row)?.remove();
      } else img?.remove();
      for (const attr of ["remover", "grupo", "menos", "mais"]) {
        const el = $(`[data-${attr}]`, row);
        if (el) label(`[data-${attr}]`, el.dataset[attr] ?? "");
      }
      const plus = $<HTMLButtonElement>("[data-mais]", row);
      if (plus) plus.disabled = item.quantidade >= item.estoque;
      const max = $("[data-maximo]", row);
      if (max) max.hidden = item.quantidade < item.estoque;
      return row;
    });
    lines.replaceChildren(...rows);
    $("[data-carregando]")?.remove();
  }

  function renderSummary() {
    if (finish) {
      const off = !quote || loading;
      finish.setAttribute("aria-disabled", String(off));
      finish.classList.toggle("pointer-events-none", off);
      finish.classList.toggle("opacity-60", off);
    }
    if (couponApplied && couponForm) {
      const applied = Boolean(cart.cupom && !pending);
      couponApplied.hidden = !applied;
      couponForm.hidden = applied;
      const code = $("[data-cupom-codigo]", couponApplied);
      if (code) code.textContent = `Cupom ${cart.cupom ?? ""}`;
    }
    if (couponNote) {
      const note =
        quote?.cupomErro && cart.cupom && quote.cupomErro !== texts.couponInvalid
          ? quote.cupomErro
          : "";
      couponNote.textContent = note;
      couponNote.hidden = !note;
    }
    if (!summary || !summaryTemplate || !quote) return;
    const q = quote;
    const box = (summaryTemplate.content.firstElementChild as HTMLElement).cloneNode(
      true,
    ) as HTMLElement;
    const set = (name: string, text: string) => {
      const el = $(`[data-campo="${name}"]`, box);
      if (el) el.textContent = text;
    };
    const keep = (name: string, shown: boolean) => {
      if (!shown) $(`[data-linha-resumo="${name}"]`, box)?.remove();
    };
    const missing = Math.max(0, q.freteGratisMinimo - q.subtotal);
    set("subtotal", brl(q.subtotal));
    keep("desconto", q.desconto > 0);
    set("cupom", q.cupom ? ` (${q.cupom.codigo})` : "");
    set("desconto", `-${brl(q.desconto)}`);
    keep("desconto-pix", q.descontoPix > 0);
    for (const el of box.querySelectorAll('[data-campo="pix-percentual"]'))
      el.textContent = String(q.pixDescontoPercentual);
    set("desconto-pix", `-${brl(q.descontoPix)}`);
    set(
      "entrega",
      q.freteGratis || q.taxaEntrega === 0
        ? texts.free
        : q.taxaEntrega === null
          ? texts.byNeighbourhood
          : brl(q.taxaEntrega),
    );
    set("total", brl(q.total));
    keep("oferta-pix", q.pixDescontoPercentual > 0 && q.descontoPix === 0);
    keep("entrega", !q.retirada);
    keep("falta", !q.retirada && missing > 0);
    keep("gratis", !q.retirada && missing <= 0);
    // The shop's rule: free delivery is judged on the products before the coupon; said where
    // a coupon brought the total under the minimum.
    keep("gratis-cupom", q.desconto > 0 && q.subtotal - q.desconto < q.freteGratisMinimo);
    set("falta", brl(missing));
    if (loading) box.setAttribute("aria-busy", "true");
    summary.replaceChildren(box);
    if (checkout) {
      const cupom = field("cupom");
      if (cupom) cupom.value = q.cupom?.codigo ?? "";
    }
  }

  // What the chosen pick-up unit lacks (issue 39): each line with where it is, and a
  // "Remover" that only the customer presses. Nothing leaves the cart for a unit's stock.
  const gapBox = $("[data-retirada-falta]");
  const gapList = gapBox ? $("[data-falta-itens]", gapBox) : null;
  const gapTemplate = gapBox ? $<HTMLTemplateElement>("template[data-falta-modelo]", gapBox) : null;
  function renderGaps() {
    if (!gapBox || !gapList || !gapTemplate) return;
    const falta = quote?.retirada ? (quote.retiradaFalta ?? null) : null;
    const inCart = new Set(cart.items.map((i) => i.id));
    const lines = falta ? (quote?.linhas ?? []).filter((l) => l.falta && inCart.has(l.id)) : [];
    gapBox.hidden = lines.length === 0;
    const title = $("[data-falta-titulo]", gapBox);
    if (title)
      title.textContent = falta
        ? texts.pickUpGapTitle.replace("{unidade}", () => falta.unidade)
        : "";
    gapList.replaceChildren(
      ...lines.map((l) => {
        const row = (gapTemplate.content.firstElementChild as HTMLElement).cloneNode(
          true,
        ) as HTMLElement;
        const name = $("[data-nome]", row);
        if (name) name.textContent = l.nome;
        const note = $("[data-nota]", row);
        if (note) note.textContent = l.falta ?? "";
        const remove = $<HTMLButtonElement>("[data-remover-falta]", row);
        if (remove) {
          remove.dataset.id = l.id;
          remove.setAttribute(
            "aria-label",
            texts.pickUpGapRemove.replace("{nome}", () => l.nome),
          );
        }
        return row;
      }),
    );
  }
  gapBox?.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("[data-remover-falta]");
    if (!button?.dataset.id) return;
    event.preventDefault();
    const id = button.dataset.id;
    change(cart.items.filter((i) => i.id !== id));
    chosenUnitInput()?.focus();
  });

  function render() {
    if (showEmpty()) return;
    const itens = field("itens");
    if (itens) itens.value = encode(cart.items);
    renderLines();
    renderSummary();
    renderGaps();
  }

  // The server's answer folds back into the cart: prices and stock, products gone. The
  // cart's bound is the open units' stock together (`estoqueTotal`), never one pick-up unit's:
  // choosing a unit takes nothing out of the cart (issue 39).
  function sync(answer: Quote, requested: string[]) {
    const total = (l: Line) => l.estoqueTotal ?? l.estoque;
    const gone = answer.linhas.filter((l) => total(l) <= 0).map((l) => l.nome);
    if (gone.length > 0)
      toast(
        texts.unavailable.replace("{nomes}", () => gone.join(", ")),
        "aviso",
      );
    for (const l of answer.linhas) {
      if (total(l) <= 0 || total(l) >= l.quantidadePedida) continue;
      const text = total(l) === 1 ? texts.lastOne : texts.fewLeft;
      toast(
        text.replace("{nome}", () => l.nome).replace("{n}", () => String(total(l))),
        "aviso",
      );
    }
    const byId = new Map(answer.linhas.filter((l) => total(l) > 0).map((l) => [l.id, l]));
    let changed = false;
    const items = cart.items.flatMap((item) => {
      if (!requested.includes(item.id)) return [item];
      const fresh = byId.get(item.id);
      const next = fresh
        ? {
            ...item,
            nome: fresh.nome,
            preco: fresh.preco,
            imagem: fresh.imagemUrl,
            estoque: total(fresh),
            quantidade: Math.min(item.quantidade, total(fresh)),
          }
        : { ...item, quantidade: 0 };
      if (JSON.stringify(next) !== JSON.stringify(item)) changed = true;
      return next.quantidade > 0 ? [next] : [];
    });
    if (changed) write({ items, cupom: cart.cupom });
  }

  // The coupon the customer just typed, or one stored that is no longer valid.
  function settleCoupon(answer: Quote) {
    if (pending) {
      const code = pending;
      pending = null;
      if (answer.cupom?.codigo === code) {
        toast(
          texts.couponApplied.replace("{codigo}", () => code),
          "ok",
        );
        if (couponInput) couponInput.value = "";
      } else {
        toast(answer.cupomErro ?? texts.couponInvalid, "erro");
        if (answer.cupomErro === texts.couponInvalid || !answer.cupomErro)
          write({ items: cart.items, cupom: null });
      }
    } else if (cart.cupom && answer.cupomErro === texts.couponInvalid) {
      const code = cart.cupom;
      write({ items: cart.items, cupom: null });
      toast(`${code}: ${texts.couponInvalid}`, "erro");
    }
  }

  function load() {
    if (showEmpty()) return;
    const params = new URLSearchParams({ itens: encode(cart.items) });
    if (cart.cupom) params.set("cupom", cart.cupom);
    const pickUp = checkout ? chosenPickUpUnit() : "";
    const bairro = cartBairro?.value || field("bairro")?.value || "";
    if (pickUp) params.set("retiradaUnidadeId", pickUp);
    else if (checkout && chosenMode() === "retirada") params.set("modo", "retirada");
    else if (bairro) params.set("bairro", bairro);
    const forma = checkout
      ? (checkout.querySelector<HTMLInputElement>('input[name="formaPagamento"]:checked')?.value ??
        "")
      : "";
    if (forma) params.set("formaPagamento", forma);
    const requested = cart.items.map((i) => i.id);
    const mine = ++asked;
    loading = true;
    render();
    fetch(`/loja/resumo?${params}`, { headers: { Accept: "application/json" } })
      .then((response) => response.json() as Promise<Quote | { erro: string }>)
      .then((answer) => {
        if (mine !== asked) return;
        loading = false;
        if ("erro" in answer) {
          pending = null;
          toast(answer.erro, "erro");
          render();
          return;
        }
        quote = answer;
        sync(answer, requested);
        settleCoupon(answer);
        const again =
          encode(cart.items) !== params.get("itens") ||
          (cart.cupom ?? "") !== (params.get("cupom") ?? "");
        if (again && cart.items.length > 0) load();
        else render();
      })
      .catch(() => {
        if (mine !== asked) return;
        loading = false;
        pending = null;
        render();
      });
  }

  function change(items: Item[]) {
    write({ items, cupom: cart.cupom });
    render();
    load();
  }

  // The cart page: quantities, removal, clearing, the coupon and the neighbourhood.
  // The buttons also submit forms (the server's cart, without JavaScript: decision 0040): not here.
  lines?.addEventListener("click", (event) => {
    if (checkout) return;
    const target = (event.target as Element).closest<HTMLButtonElement>("button");
    const row = target?.closest<HTMLElement>("[data-id]");
    if (!target || !row) return;
    event.preventDefault();
    const id = row.dataset.id;
    const item = cart.items.find((i) => i.id === id);
    if (!item) return;
    if (target.hasAttribute("data-remover")) {
      change(cart.items.filter((i) => i.id !== id));
      return;
    }
    const step = target.hasAttribute("data-mais") ? 1 : target.hasAttribute("data-menos") ? -1 : 0;
    if (!step) return;
    const quantidade = Math.max(0, Math.min(item.quantidade + step, item.estoque));
    change(
      quantidade > 0
        ? cart.items.map((i) => (i.id === id ? { ...i, quantidade } : i))
        : cart.items.filter((i) => i.id !== id),
    );
  });
  clearButton?.addEventListener("click", (event) => {
    event.preventDefault();
    asked++;
    write({ items: [], cupom: null });
    render();
  });
  couponForm?.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = (couponInput?.value ?? "").trim().toUpperCase();
    if (!code) return;
    pending = code;
    write({ items: cart.items, cupom: code });
    load();
  });
  couponInput?.addEventListener("input", () => {
    const upper = couponInput.value.toUpperCase();
    if (upper !== couponInput.value) couponInput.value = upper;
  });
  $("[data-remover-cupom]")?.addEventListener("click", (event) => {
    event.preventDefault();
    write({ items: cart.items, cupom: null });
    toast(texts.couponRemoved, "info");
    load();
  });
  cartBairro?.addEventListener("change", load);

  // The checkout: receive at home or pick up at a unit. Each way shows its own fields and
  // payments (a disabled field is not posted); a pick-up quote counts that unit's stock.
  function chosenMode(): string {
    return (
      checkout?.querySelector<HTMLInputElement>('input[name="modo"]:checked')?.value ?? "entrega"
    );
  }
  function chosenUnitInput() {
    return checkout?.querySelector<HTMLInputElement>('input[name="unidadeId"]:checked') ?? null;
  }
  function chosenPickUpUnit(): string {
    if (chosenMode() !== "retirada") return "";
    return chosenUnitInput()?.value ?? "";
  }
  function showModeFields() {
    if (!checkout) return;
    const modo = chosenMode();
    // "PIX (pague agora, antes da entrega)" / "… antes da retirada".
    for (const when of checkout.querySelectorAll("[data-pix-quando]")) when.textContent = modo;
    for (const block of checkout.querySelectorAll<HTMLElement>("[data-modo]")) {
      const on = block.dataset.modo === modo;
      block.hidden = !on;
      if (block instanceof HTMLFieldSetElement) block.disabled = !on;
      else
        for (const input of block.querySelectorAll<HTMLInputElement>("input")) input.disabled = !on;
    }
    for (const label of checkout.querySelectorAll<HTMLElement>("[data-modos]")) {
      const on = (label.dataset.modos ?? "").split(" ").includes(modo);
      label.hidden = !on;
      const input = label.querySelector<HTMLInputElement>("input");
      if (!input) continue;
      input.disabled = !on;
      if (!on) input.checked = false;
    }
    showPaymentFields();
  }
  // The checkout: a new quote when the neighbourhood or the payment changes, the payment's
  // own fields (a hidden field is not posted), and the button while the order is sent.
  function showPaymentFields() {
    if (!checkout) return;
    const forma =
      checkout.querySelector<HTMLInputElement>('input[name="formaPagamento"]:checked')?.value ?? "";
    for (const block of checkout.querySelectorAll<HTMLElement>("[data-forma]")) {
      const on = block.dataset.forma === forma;
      block.hidden = !on;
      for (const input of block.querySelectorAll<HTMLInputElement>("input")) input.disabled = !on;
    }
    // The e-mail is optional, but online Pix and card need the payer's.
    for (const input of checkout.querySelectorAll<HTMLInputElement>("[data-obrigatorio-em]")) {
      input.required = (input.dataset.obrigatorioEm ?? "").split(" ").includes(forma);
    }
  }
  checkout?.addEventListener("change", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "modo") showModeFields();
    if (name === "formaPagamento") showPaymentFields();
    if (["bairro", "formaPagamento", "modo", "unidadeId"].includes(name)) load();
  });
  // A field the server refused loses its error as soon as it is fixed (issue 39): the
  // message (`#<name>-error`) goes, with the control's invalid state.
  function clearFixed(event: Event) {
    const el = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (!el?.name) return;
    const error = document.getElementById(`${el.name}-error`);
    if (!error || error.hidden) return;
    const fixed =
      el instanceof HTMLInputElement && el.type === "radio"
        ? el.checked
        : el.checkValidity() && el.value.trim() !== "";
    if (!fixed) return;
    error.hidden = true;
    const group = el instanceof HTMLInputElement && el.type === "radio" ? el.name : null;
    const controls = group
      ? [...(checkout?.querySelectorAll<HTMLElement>(`[aria-describedby~="${group}-error"]`) ?? [])]
      : [el];
    for (const control of controls) {
      control.removeAttribute("aria-invalid");
      const rest = (control.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .filter((id) => id && id !== error.id)
        .join(" ");
      if (rest) control.setAttribute("aria-describedby", rest);
      else control.removeAttribute("aria-describedby");
    }
  }
  checkout?.addEventListener("input", clearFixed);
  checkout?.addEventListener("change", clearFixed);

  let sending = false;
  checkout?.addEventListener("submit", (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    // The unit lacks some lines: the server would refuse with these words; say them here.
    const falta = quote?.retirada && chosenPickUpUnit() ? quote.retiradaFalta : null;
    if (falta && !loading) {
      event.preventDefault();
      toast(falta.mensagem, "erro", "", 8000);
      gapBox?.focus();
      return;
    }
    sending = true;
    if (submit) {
      submit.disabled = true;
      submit.setAttribute("aria-busy", "true");
      const label = $("[data-rotulo]", submit);
      if (label) label.textContent = texts.sending;
    }
  });
  // Back to a page kept in the browser's memory: the button works again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || !submit) return;
    sending = false;
    submit.disabled = false;
    submit.removeAttribute("aria-busy");
    const label = $("[data-rotulo]", submit);
    if (label) label.textContent = label.dataset.rotulo ?? "";
  });
  // Another tab changed the cart (this tab's own changes come as untrusted events).
  window.addEventListener("storage", (event) => {
    if (!event.isTrusted || (event.key !== key && event.key !== null)) return;
    cart = read();
    load();
    render();
  });

  // The CEP (decision 0041): 8 digits typed ask the server (GET /loja/cep/:cep), which fills
  // the street and the served neighbourhood, or says the shop does not deliver there; when the
  // lookup fails, the customer types the address. The buttons a browser without JavaScript
  // needs go ("Atualizar": the quote follows each change here), and "Buscar CEP" stops
  // submitting the form, so Enter still confirms the order.
  for (const button of checkout?.querySelectorAll("[data-sem-js]") ?? []) button.remove();
  const cepInput = field("cep");
  const cepButton = checkout ? $<HTMLButtonElement>("[data-buscar-cep]", checkout) : null;
  const cepNote = $("[data-cep-aviso]");
  if (cepButton) cepButton.type = "button";
  let cepAsked = "";
  function cepSay(text: string, served: boolean | null) {
    if (!cepNote) return;
    cepNote.textContent = text;
    cepNote.className = `text-sm font-medium ${served ? "text-green-800" : served === null ? "text-slate-600" : "text-amber-800"}`;
  }
  function lookupCep(force: boolean) {
    const digits = (cepInput?.value ?? "").replace(/\D/g, "");
    if (digits.length !== 8 || (!force && digits === cepAsked)) return;
    cepAsked = digits;
    cepSay(texts.cepSearching, null);
    fetch(`/loja/cep/${digits}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(8000),
    })
      .then(
        (response) =>
          response.json() as Promise<
            { erro: string } | { rua: string; bairro: string; atendido: boolean; mensagem: string }
          >,
      )
      .then((answer) => {
        if (digits !== cepAsked) return;
        if ("erro" in answer) {
          cepSay(answer.erro, false);
          return;
        }
        const street = field("endereco");
        if (street && answer.rua) street.value = answer.rua;
        const bairro = checkout?.elements.namedItem("bairro") as
          | HTMLSelectElement
          | HTMLInputElement
          | null;
        if (bairro && answer.atendido) {
          bairro.value = answer.bairro;
          bairro.dispatchEvent(new Event("change", { bubbles: true }));
        }
        cepSay(answer.mensagem, answer.atendido);
        if (answer.atendido) field(answer.rua ? "numero" : "endereco")?.focus();
      })
      .catch(() => {
        if (digits === cepAsked) cepSay(texts.cepUnavailable, false);
      });
  }
  // A signed-in customer's saved address (decision 0074): filled here, the fee follows the
  // neighbourhood's change like a choice made by hand (the server prices it again).
  for (const button of checkout?.querySelectorAll<HTMLButtonElement>("[data-endereco]") ?? []) {
    button.type = "button";
    button.addEventListener("click", () => {
      let saved: Record<string, string>;
      try {
        saved = JSON.parse(button.dataset.endereco ?? "{}") as Record<string, string>;
      } catch {
        return;
      }
      for (const name of ["cep", "endereco", "numero", "complemento", "referencia"]) {
        const input = field(name);
        if (input) input.value = saved[name] ?? "";
      }
      const bairro = checkout?.elements.namedItem("bairro") as
        | HTMLSelectElement
        | HTMLInputElement
        | null;
      if (bairro) {
        bairro.value = saved.bairro ?? "";
        bairro.dispatchEvent(new Event("change", { bubbles: true }));
      }
      cepSay("", null);
      field(saved.bairro ? "numero" : "endereco")?.focus();
    });
  }
  cepInput?.addEventListener("input", () => lookupCep(false));
  cepButton?.addEventListener("click", () => lookupCep(true));

  showModeFields();
  $<HTMLElement>("[data-mensagem]")?.focus();
  if (couponForm) {
    const apply = $<HTMLButtonElement>('button[type="submit"]', couponForm);
    if (apply) apply.disabled = false;
  }
  render();
  load();
  root.dataset.pronto = "1";
}
