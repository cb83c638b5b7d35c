// A public form without React (decision 0009): on submit the form goes to its JSON endpoint
// (the same server function and zod schema as the page's action) and the answer comes back
// as field errors, shown under each field and announced, or as success: a status message,
// the form cleared and, for a chat link, the chat opened in a new tab with the link kept at
// hand. Without this script the form posts to the page itself.

import { postForJson } from "~/islands/post-json";

export interface FormSenderOptions {
  formId: string;
  endpoint: string;
  sending: string;
  /** When the server cannot be reached. */
  failure: string;
  success: { title: string; description?: string };
  /** A chat link in the answer is opened; this offers it again in case it did not open. */
  chatFallback?: { text: string; link: string };
  /** A file checked before sending, so a huge one is not uploaded only to be refused. */
  file?: { name: string; maxBytes: number; tooLarge: string };
}

type Answer = {
  ok: boolean;
  chatUrl?: string;
  fields?: Record<string, string>;
  message?: string;
};

export function formSender(options: FormSenderOptions): void {
  const form = document.getElementById(options.formId) as HTMLFormElement | null;
  if (!form || form.dataset.ready === "1") return;
  form.dataset.ready = "1";
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.innerHTML;
  const status = form.querySelector<HTMLElement>("[data-status]")!;
  const alertBox = form.querySelector<HTMLElement>("[data-alerta]")!;

  function clearErrors() {
    // Ours, and those the server rendered after a post without this script.
    for (const old of Array.from(
      form!.querySelectorAll('[data-erro-campo], p[role="alert"][id$="-error"]'),
    ))
      old.remove();
    for (const control of Array.from(form!.querySelectorAll("[aria-invalid]"))) {
      control.removeAttribute("aria-invalid");
      const hints = (control.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .filter((id) => id && !id.endsWith("-error"));
      if (hints.length > 0) control.setAttribute("aria-describedby", hints.join(" "));
      else control.removeAttribute("aria-describedby");
    }
    alertBox.hidden = true;
  }

  function showErrors(fields: Record<string, string>) {
    let first: HTMLElement | null = null;
    for (const [name, message] of Object.entries(fields)) {
      const control = form!.querySelector<HTMLElement>(`[name="${name}"]`);
      if (!control) continue;
      const error = document.createElement("p");
      error.id = `${control.id}-error`;
      error.className = "text-sm font-medium text-red-700";
      error.setAttribute("role", "alert");
      error.dataset.erroCampo = "";
      error.textContent = message;
      control.parentElement!.appendChild(error);
      control.setAttribute("aria-invalid", "true");
      const described = control.getAttribute("aria-describedby");
      control.setAttribute("aria-describedby", described ? `${error.id} ${described}` : error.id);
      first ??= control;
    }
    first?.focus();
  }

  function showSuccess(chatUrl: string | undefined) {
    status.replaceChildren();
    const title = document.createElement("p");
    title.className = "font-semibold";
    title.textContent = options.success.title;
    status.append(title);
    if (options.success.description) {
      const description = document.createElement("p");
      description.textContent = options.success.description;
      status.append(description);
    }
    if (chatUrl && options.chatFallback) {
      const again = document.createElement("p");
      again.append(`${options.chatFallback.text} `);
      const link = document.createElement("a");
      link.href = chatUrl;
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      link.className = "font-semibold text-brand-800 underline";
      link.textContent = options.chatFallback.link;
      again.append(link);
      status.append(again);
    }
    status.hidden = false;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    status.hidden = true;
    const body = new FormData(form);
    if (options.file) {
      const file = body.get(options.file.name);
      if (file instanceof File && file.size > options.file.maxBytes) {
        showErrors({ [options.file.name]: options.file.tooLarge });
        return;
      }
    }
    const multipart = form.enctype === "multipart/form-data";
    button.disabled = true;
    button.textContent = options.sending;
    const sent = multipart
      ? body
      : new URLSearchParams(
          Array.from(body.entries()).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        );
    const answer = (await postForJson<Answer>(options.endpoint, sent)) ?? {
      ok: false,
      message: options.failure,
    };
    button.disabled = false;
    button.innerHTML = label;
    if (answer.ok) {
      if (answer.chatUrl) window.open(answer.chatUrl, "_blank", "noopener,noreferrer");
      form.reset();
      showSuccess(answer.chatUrl);
      return;
    }
    showErrors(answer.fields ?? {});
    const fieldMessages = Object.values(answer.fields ?? {});
    if (answer.message && !fieldMessages.includes(answer.message)) {
      alertBox.textContent = answer.message;
      alertBox.hidden = false;
    }
  });
}
