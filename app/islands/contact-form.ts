// The /contato form without React: on submit, the message goes to the server (one set of
// rules, the zod schema of the action) and comes back as field errors, shown under each
// field, or as the chat link, opened in a new tab with a status message and the link kept
// at hand. Without this script the form posts to the page and the server redirects to the
// chat. Self-contained (see InlineScript).

export interface ContactFormOptions {
  formId: string;
  endpoint: string;
  sending: string;
  success: { title: string; description: string };
  failure: string;
  /** 'A conversa não abriu?' and the link's label. */
  fallback: { text: string; link: string };
}

export function contactForm(options: ContactFormOptions): void {
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
      control.removeAttribute("aria-describedby");
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
      control.setAttribute("aria-describedby", error.id);
      first ??= control;
    }
    first?.focus();
  }

  function showStatus(chatUrl: string) {
    status.replaceChildren();
    const title = document.createElement("p");
    title.className = "font-semibold";
    title.textContent = options.success.title;
    const description = document.createElement("p");
    description.textContent = options.success.description;
    const again = document.createElement("p");
    again.append(`${options.fallback.text} `);
    const link = document.createElement("a");
    link.href = chatUrl;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.className = "font-semibold text-brand-800 underline";
    link.textContent = options.fallback.link;
    again.append(link);
    status.append(title, description, again);
    status.hidden = false;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors();
    button.disabled = true;
    button.textContent = options.sending;
    let answer: {
      ok: boolean;
      chatUrl?: string;
      fields?: Record<string, string>;
      message?: string;
    };
    try {
      const response = await fetch(options.endpoint, {
        method: "POST",
        body: new URLSearchParams(
          Array.from(new FormData(form).entries()).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        ),
        headers: { accept: "application/json" },
      });
      answer = await response.json();
    } catch {
      answer = { ok: false, message: options.failure };
    }
    button.disabled = false;
    button.innerHTML = label;
    if (answer.ok && answer.chatUrl) {
      window.open(answer.chatUrl, "_blank", "noopener,noreferrer");
      form.reset();
      showStatus(answer.chatUrl);
      return;
    }
    status.hidden = true;
    showErrors(answer.fields ?? {});
    if (answer.message) {
      alertBox.textContent = answer.message;
      alertBox.hidden = false;
    }
  });
}
