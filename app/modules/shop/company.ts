// Who sells (Decreto 7.962/2013, art. 2º): the supplier's name, CNPJ, physical address and
// contacts, shown in every footer and on the legal pages. From the settings the admin fills
// in (/admin/configuracoes), with the site's own identity while a field is empty.
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import type { PublicUnit } from "./units";

export interface CompanyFacts {
  razaoSocial: string;
  /** 12.345.678/0001-90, or null while the admin has not filled it in. */
  cnpj: string | null;
  /** The first open unit's address, or null when there is none yet. */
  endereco: string | null;
  /** '(47) 99999-0416'. */
  telefone: string;
  /** The digits of `telefone` without the country code, for tel: links. */
  telefoneDigitos: string;
  email: string;
}

/** The settings fields the facts are made of. */
export interface CompanySettings {
  razaoSocial: string | null;
  cnpj: string | null;
  emailContato: string | null;
}

/** 'Rua X, 10, Centro, Itapema/SC, CEP 88220-000'. */
function unitAddress(unit: Pick<PublicUnit, "endereco" | "bairro" | "cidade" | "uf" | "cep">) {
  const cep = unit.cep?.replace(/\D/g, "");
  const cepText = cep?.length === 8 ? `, CEP ${cep.slice(0, 5)}-${cep.slice(5)}` : "";
  return `${unit.endereco}, ${unit.bairro}, ${unit.cidade}/${unit.uf}${cepText}`;
}

/** The phone's digits without the country code (the tel: link adds +55). */
function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") && digits.length >= 12 ? digits.slice(2) : digits;
}

export function companyFacts(
  settings: CompanySettings | null,
  units: readonly PublicUnit[],
  phone: string,
): CompanyFacts {
  const seat = units.find((u) => !u.emBreve) ?? null;
  return {
    razaoSocial: settings?.razaoSocial?.trim() || shop.legalName,
    cnpj: settings?.cnpj?.trim() || null,
    endereco: seat ? unitAddress(seat) : null,
    telefone: formatPhoneDisplay(phone),
    telefoneDigitos: nationalDigits(phone),
    email: settings?.emailContato?.trim() || shop.email,
  };
}
