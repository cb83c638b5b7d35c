import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { AccountLinkIsland } from "~/components/conta/account-link";
import { FloatingChatButton } from "~/components/site/floating-chat-button";
import { FreeDeliveryBanner } from "~/components/site/free-delivery-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { shop } from "~/content/shop";
import { chatNumber } from "~/domain/whatsapp";
import {
  type CompanySettings,
  companyFacts,
  DEFAULT_SHOP_FACTS,
  type PublicUnit,
  publicUnit,
  type ShopFacts,
} from "~/modules/shop";
import { currentSettings, listActiveUnits } from "~/modules/shop/index.server";
import { logger } from "~/platform/logger.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/layout";

/** The units the footer (every page), the home and the contact page show: kept in memory. */
async function loadUnits(): Promise<PublicUnit[]> {
  try {
    return (await listActiveUnits()).map(publicUnit);
  } catch (error) {
    // As with the settings: the page still renders, without its units.
    logger.error({ err: error }, "falha ao carregar unidades");
    return [];
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  let settingsNumber: string | null = null;
  let facts: ShopFacts = DEFAULT_SHOP_FACTS;
  let company: CompanySettings | null = null;
  const units = loadUnits();
  try {
    const settings = await currentSettings();
    settingsNumber = settings.whatsappNumero;
    company = settings;
    facts = {
      freteGratisMinimo: settings.freteGratisMinimo,
      // The discount is only on offer while the shop accepts Pix.
      pixDescontoPercentual: settings.pixManualAtivo ? settings.pixDescontoPercentual : 0,
    };
  } catch (error) {
    // A settings failure is only logged: the shop's own phone still works (SPEC §8).
    logger.error({ err: error }, "falha ao carregar configurações");
  }
  const number = chatNumber(settingsNumber, shop.phone);
  const activeUnits = await units;
  return {
    chatNumber: number,
    origin: siteOrigin(request),
    facts,
    units: activeUnits,
    company: companyFacts(company, activeUnits, number),
  };
}

// The chat number rarely changes: do not reload it on every form post of a page.
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return false;
  return defaultShouldRevalidate;
}

export default function PublicLayout() {
  const { chatNumber, facts, units, company } = useLoaderData<typeof loader>();
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow"
      >
        Pular para o conteúdo
      </a>
      <FreeDeliveryBanner freteGratisMinimo={facts.freteGratisMinimo} />
      <SiteHeader chatNumber={chatNumber} />
      <AccountLinkIsland />
      <div id="conteudo" tabIndex={-1} className="outline-none">
        <Outlet />
      </div>
      <SiteFooter chatNumber={chatNumber} units={units} company={company} />
      <FloatingChatButton chatNumber={chatNumber} />
    </>
  );
}
