// A filter that applies as soon as it is chosen, on a page served without React (decision
// 0013): changing the field submits its form (a plain GET form, so the choice lands in the
// address as with the form's own button).

export interface SubmitOnChangeOptions {
  fieldId: string;
}

export function submitOnChange(options: SubmitOnChangeOptions): void {
  const field = document.getElementById(options.fieldId) as HTMLSelectElement | null;
  if (!field || field.dataset.ready === "1") return;
  field.dataset.ready = "1";
  field.addEventListener("change", () => field.form?.requestSubmit());
}
