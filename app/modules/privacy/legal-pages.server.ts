// The legal pages as the public reads them and the admin edits them (decision 0044).
import { shop } from "~/content/shop";
import { chatNumber } from "~/domain/whatsapp";
import { companyFacts, publicUnit } from "~/modules/shop";
import {
  currentSettings,
  getSettings,
  listActiveUnits,
  type Settings,
  saveSettingsAudited,
} from "~/modules/shop/index.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { LEGAL_PAGE_KEYS, LEGAL_PAGES, type LegalPageKey } from "./legal-pages";
import { DEFAULT_LEGAL_TEXTS, fillLegalText, type LegalFacts } from "./legal-texts";
import type { LegalTextsInput } from "./legal-texts.schema";
import { renderMarkdown } from "./markdown.server";

/** A fact the admin left empty (the CNPJ, an address before the first unit opens). */
const NOT_SET = "(não informado)";

async function legalFacts(settings: Settings): Promise<LegalFacts> {
  const units = (await listActiveUnits()).map(publicUnit);
  const company = companyFacts(settings, units, chatNumber(settings.whatsappNumero, shop.phone));
  return {
    nomeLoja: shop.name,
    razaoSocial: company.razaoSocial,
    cnpj: company.cnpj ?? NOT_SET,
    endereco: company.endereco ?? NOT_SET,
    email: company.email,
    telefone: company.telefone,
    // A small business may leave the role to its customer service (ANPD, Resolução 2/2022).
    encarregado: settings.encarregadoNome?.trim() || `a equipe de atendimento da ${shop.name}`,
    encarregadoEmail: settings.encarregadoEmail?.trim() || company.email,
    retencaoMeses: settings.retencaoMeses,
    retencaoEnviosDias: settings.retencaoEnviosDias,
  };
}

/** The page's Markdown as saved, or the default text. */
function textOf(settings: Settings, key: LegalPageKey): string {
  return settings[LEGAL_PAGES[key].field]?.trim() || DEFAULT_LEGAL_TEXTS[key];
}

/** A legal page for the public site: its title and its HTML (safe, see markdown.server.ts). */
export async function legalPage(key: LegalPageKey) {
  const settings = await currentSettings();
  const facts = await legalFacts(settings);
  return {
    title: LEGAL_PAGES[key].title,
    html: renderMarkdown(fillLegalText(textOf(settings, key), facts)),
  };
}

/** The admin's editor: the texts as saved (or the defaults) and the retention period. */
export async function legalTextsForAdmin() {
  const settings = await getSettings();
  return {
    textos: Object.fromEntries(
      LEGAL_PAGE_KEYS.map((key) => [key, textOf(settings, key)]),
    ) as Record<LegalPageKey, string>,
    personalizados: Object.fromEntries(
      LEGAL_PAGE_KEYS.map((key) => [key, Boolean(settings[LEGAL_PAGES[key].field]?.trim())]),
    ) as Record<LegalPageKey, boolean>,
    retencaoMeses: settings.retencaoMeses,
    retencaoEnviosDias: settings.retencaoEnviosDias,
  };
}

const sameText = (a: string, b: string) => a.replace(/\r\n/g, "\n").trim() === b.trim();

/**
 * Saves the texts (audited like every settings save). A text equal to the default is kept as
 * "the default" (null), so a better default in a new version reaches the shop.
 */
export function saveLegalTexts(input: LegalTextsInput, actor: AdminActor) {
  const stored = (key: LegalPageKey, text: string) =>
    sameText(text, DEFAULT_LEGAL_TEXTS[key]) ? null : text.replace(/\r\n/g, "\n");
  return saveSettingsAudited(actor, "privacidade", () => ({
    textoPrivacidade: stored("privacidade", input.texto_privacidade),
    textoTrocas: stored("trocas", input.texto_trocas),
    textoTermos: stored("termos", input.texto_termos),
    retencaoMeses: input.retencao_meses,
    retencaoEnviosDias: input.retencao_envios_dias,
  }));
}
