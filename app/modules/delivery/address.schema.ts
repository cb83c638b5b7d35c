// The street part of a delivery address, as the checkout and the account's address book both
// ask for it (the neighbourhood apart: each holds it its own way) and the CEP field they share.
import { z } from "zod";
import { CEP_MESSAGES, normalizeCep } from "./cep";

/** Rua, número, complemento, referência and CEP (its 8 digits) of a delivery address. */
export interface StreetAddress {
  cep: string | null;
  logradouro: string;
  numero: string;
  complemento: string | null;
  referencia: string | null;
}

/** An optional CEP typed any way, kept as its 8 digits (null when left blank). */
export const cepField = () =>
  z
    .string()
    .trim()
    .max(20, CEP_MESSAGES.invalid)
    .optional()
    .refine((v) => !v || normalizeCep(v) !== null, CEP_MESSAGES.invalid)
    .transform((v) => normalizeCep(v));
