// What the public forms accept, and small files to attach: shared by the tests that post them,
// so each one states only what it changes (not a test file itself).
import sharp from "sharp";
import { action as resumeAction } from "~/routes/public/trabalhe-conosco";
import { makeRequest } from "../setup/requests";
import { GROOMING_QUOTE_MINIMAL } from "./form-values";

/** The fields a grooming quote needs. */
export const GROOMING_QUOTE_REQUIRED = {
  ...GROOMING_QUOTE_MINIMAL,
  tipo_servico: "plano_banho",
  data_desejada: "2026-12-10",
  horario_desejado: "manhã",
};

/** A grooming quote with every field, pick-up and drop-off included. */
export const GROOMING_QUOTE = {
  ...GROOMING_QUOTE_REQUIRED,
  leva_traz: "on",
  endereco: "Rua 300, 12",
  bairro: "Meia Praia",
  referencia: "Perto da praça",
  observacoes: "Tem medo de secador",
};

/** A form with these fields, then these files (several under one name when repeated). */
export function formOf(fields: Record<string, string>, files: [string, File][] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [name, file] of files) form.append(name, file);
  return form;
}

/** A small JPEG of one colour. */
export function solidJpeg(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Sends a resume with a PDF through the public form's action, as from `ip`. */
export function sendResume(fields: Record<string, string>, pdf: Uint8Array, ip: string) {
  const form = formOf(fields, [
    ["curriculo", new File([Buffer.from(pdf)], "cv.pdf", { type: "application/pdf" })],
  ]);
  return resumeAction({
    request: makeRequest("/trabalhe-conosco", { method: "POST", body: form, ip }),
    params: {},
    context: {},
  } as never);
}
