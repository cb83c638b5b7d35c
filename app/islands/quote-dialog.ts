// The grooming quote dialog of /servicos without React (decision 0009): the card links
// become buttons that open the native <dialog> for their service (and ?servico=… opens it on
// load), the page's plain form goes away, the photos get previews, and the quote is checked
// here, then sent to its JSON endpoint (the same server function, zod schema and rate limit
// as the page's action, which checks everything again). Without this script the links lead
// to the plain form, which posts to the page.

import type { IslandKit } from "~/islands/kit";
import { postForJson } from "~/islands/post-json";
import type { ToastMessage as Message, QuoteFieldCheck } from "~/modules/grooming";

export interface QuoteDialogOptions {
  dialogId: string;
  /** The plain form's section, removed: the dialog takes its place. */
  plainFormId: string;
  endpoint: string;
  /** Service id → name, for the dialog's title. */
  services: Record<string, string>;
  maxPhotos: number;
  maxPhotoBytes: number;
  checks: readonly QuoteFieldCheck[];
  messages: Record<
    "photosRequired" | "tooMany" | "wrongType" | "tooLarge" | "failure" | "success",
    Message
  >;
  sending: string;
  /** The answer to a plain post made before this script ran, shown as a toast. */
  answer: { ok: boolean; message: Message } | null;
}

type Answer = { ok: boolean; toast?: Message; fields?: Record<string, string> };

export function quoteDialog(options: QuoteDialogOptions, kit: IslandKit): void {
  const dialog = document.getElementById(options.dialogId) as HTMLDialogElement | null;
  if (!dialog || dialog.dataset.ready === "1") return;
  const form = dialog.querySelector("form")!;
  const find = <E extends Element>(selector: string) => dialog.querySelector<E>(selector)!;
  const fieldset = find<HTMLFieldSetElement>("fieldset");
  const serviceInput = find<HTMLInputElement>('input[name="tipo_servico"]');
  const serviceName = find<HTMLElement>("[data-servico-nome]");
  const levaTraz = find<HTMLInputElement>('input[name="leva_traz"]');
  const address = find<HTMLElement>("[data-endereco]");
  const list = find<HTMLElement>("[data-fotos]");
  const template = find<HTMLTemplateElement>("template");
  const picker = find<HTMLInputElement>('input[type="file"]');
  const add = find<HTMLButtonElement>("[data-adicionar]");
  const count = find<HTMLElement>("[data-contagem]");
  const alertBox = find<HTMLElement>("[data-alerta]");
  const submit = find<HTMLButtonElement>('button[type="submit"]');
  const submitLabel = submit.innerHTML;
  let photos: { file: File; url: string }[] = [];
  let sending = false;
  let opener: HTMLElement | null = null;

  const toast = (message: Message, ok: boolean) =>
    kit.toast(message.title, ok ? "ok" : "erro", message.description, 6000);

  function paragraph(text: string, className: string) {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  /** A problem inside the open dialog (the page behind it is inert). */
  function showAlert(message: Message | null) {
    alertBox.replaceChildren();
    alertBox.hidden = !message;
    if (message)
      alertBox.append(paragraph(message.title, "font-bold"), paragraph(message.description, ""));
  }

  function clearErrors() {
    for (const old of Array.from(form.querySelectorAll("[data-erro-campo]"))) old.remove();
    for (const control of Array.from(form.querySelectorAll("[aria-invalid]"))) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
    showAlert(null);
  }

  function showErrors(fields: Record<string, string>) {
    let first: HTMLElement | null = null;
    for (const [name, message] of Object.entries(fields)) {
      const control = form.querySelector<HTMLElement>(`[name="${name}"]`);
      if (!control || control.getAttribute("type") === "hidden") continue;
      const error = paragraph(message, "text-sm font-medium text-red-700");
      error.id = `${control.id}-error`;
      error.setAttribute("role", "alert");
      error.dataset.erroCampo = "";
      control.parentElement!.append(error);
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", error.id);
      first ??= control;
    }
    first?.focus();
    return first !== null;
  }

  function render() {
    list.replaceChildren(
      ...photos.map((photo, index) => {
        const source = template.content.firstElementChild ?? template.firstElementChild!;
        const item = source.cloneNode(true) as HTMLElement;
        const n = String(index + 1);
        const image = item.querySelector("img")!;
        image.src = photo.url;
        image.alt = image.alt.replace("{n}", n);
        const remove = item.querySelector("button")!;
        remove.setAttribute("aria-label", remove.getAttribute("aria-label")!.replace("{n}", n));
        remove.addEventListener("click", () => {
          URL.revokeObjectURL(photo.url);
          photos = photos.filter((p) => p !== photo);
          render();
          add.focus();
        });
        return item;
      }),
    );
    list.hidden = photos.length === 0;
    count.textContent = String(photos.length);
    add.disabled = photos.length >= options.maxPhotos;
    submit.disabled = sending || photos.length === 0;
  }

  function showAddress() {
    address.dataset.hidden = String(!levaTraz.checked);
  }

  function open(service: string, from: HTMLElement | null) {
    if (!(service in options.services)) return;
    opener = from;
    serviceInput.value = service;
    serviceName.textContent = options.services[service]!;
    if (!dialog!.open) dialog!.showModal();
    document.documentElement.classList.add("overflow-hidden");
  }

  // Without JavaScript these are links to the plain form: here they open the dialog.
  for (const link of Array.from(document.querySelectorAll<HTMLElement>("[data-orcamento]"))) {
    let control = link;
    if (link.tagName === "A") {
      control = document.createElement("button");
      control.setAttribute("type", "button");
      control.className = link.className;
      control.setAttribute("aria-label", link.getAttribute("aria-label") ?? "");
      control.dataset.orcamento = link.dataset.orcamento;
      control.append(...Array.from(link.childNodes));
      link.replaceWith(control);
    }
    control.setAttribute("aria-haspopup", "dialog");
    control.addEventListener("click", () => open(control.dataset.orcamento ?? "", control));
  }
  document.getElementById(options.plainFormId)?.remove();

  dialog.addEventListener("close", () => {
    document.documentElement.classList.remove("overflow-hidden");
    opener?.focus();
  });
  dialog.addEventListener("cancel", (event) => {
    if (sending) event.preventDefault();
  });
  // A click on the backdrop (the dialog box itself has no padding: its content covers it).
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog && !sending) dialog.close();
  });
  find<HTMLButtonElement>("[data-fechar]").addEventListener("click", () => dialog.close());
  levaTraz.addEventListener("change", showAddress);
  add.addEventListener("click", () => picker.click());

  // SPEC §5.3: a selection that breaks a rule is refused whole (the server checks the bytes).
  picker.addEventListener("change", () => {
    const selection = Array.from(picker.files ?? []);
    picker.value = "";
    if (selection.length === 0) return;
    const { messages } = options;
    const problem =
      photos.length + selection.length > options.maxPhotos
        ? messages.tooMany
        : selection.some((f) => !f.type.startsWith("image/"))
          ? messages.wrongType
          : selection.some((f) => f.size > options.maxPhotoBytes)
            ? messages.tooLarge
            : null;
    showAlert(problem);
    if (problem) return;
    photos = photos.concat(selection.map((file) => ({ file, url: URL.createObjectURL(file) })));
    render();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    clearErrors();
    const body = new FormData(form);
    const fields: Record<string, string> = {};
    for (const check of options.checks) {
      if (check.when && !body.get(check.when)) continue;
      const value = String(body.get(check.name) ?? "").trim();
      if (
        (check.digits ? value.replace(/\D/g, "") : value).length < check.min ||
        (check.letters && !/\p{L}/u.test(value))
      )
        fields[check.name] = check.message;
    }
    if (showErrors(fields)) return;
    if (photos.length === 0) return showAlert(options.messages.photosRequired);
    for (const photo of photos) body.append("fotos", photo.file, photo.file.name);

    sending = fieldset.disabled = true;
    submit.disabled = true;
    submit.textContent = options.sending;
    const answer = (await postForJson<Answer>(options.endpoint, body)) ?? { ok: false };
    sending = fieldset.disabled = false;
    submit.innerHTML = submitLabel;
    if (answer.ok) {
      form.reset();
      for (const photo of photos) URL.revokeObjectURL(photo.url);
      photos = [];
      render();
      showAddress();
      dialog.close();
      toast(options.messages.success, true);
      return;
    }
    render();
    showErrors(answer.fields ?? {});
    showAlert(answer.toast ?? options.messages.failure);
  });

  showAddress();
  render();
  dialog.dataset.ready = "1";
  if (options.answer) toast(options.answer.message, options.answer.ok);
  else open(new URLSearchParams(location.search).get("servico") ?? "", null);
}
