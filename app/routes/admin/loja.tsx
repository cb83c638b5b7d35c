// /admin/loja: the store hub (SPEC §2.3). The view lives in the URL (?view=produtos).

import { ExternalLink } from "lucide-react";
import { data, redirect, useLocation } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error";
import { LojaDashboard } from "~/components/admin/loja/dashboard-view";
import { LojaOrders } from "~/components/admin/loja/orders-view";
import { LojaProducts } from "~/components/admin/loja/products-view";
import { LojaSettings } from "~/components/admin/loja/settings-view";
import { LOJA_VIEW_ACCESS, LojaViewNav, lojaViewAllowed } from "~/components/admin/loja/view-nav";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import type { AdminHandle } from "~/domain/permissions";
import { ACESSO_NEGADO, pode } from "~/domain/permissions";
import { unitsInScope } from "~/domain/unit-scope";
import { externalLinkProps } from "~/domain/whatsapp";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import {
  listAdminProducts,
  listCategories,
  MAX_ADMIN_PRODUCT_PAGES,
  PRODUCTS_PAGE_SIZE,
} from "~/modules/catalog/index.server";
import { listBairros } from "~/modules/delivery/index.server";
import { listAdminOrders, storeStats } from "~/modules/orders/index.server";
import { paymentSettingsView } from "~/modules/payments/index.server";
import { listCoupons } from "~/modules/promotions/index.server";
import { shortHoursText } from "~/modules/shop";
import { getSettings, listUnits } from "~/modules/shop/index.server";
import { siteUrl } from "~/platform/site-url.server";
import { parseLojaQuery } from "~/schemas/admin-loja-query";
import type { Route } from "./+types/loja";

/** What the person must be allowed to do to open this route (decision 0068). */
// Any view of the hub: each view then needs its own (view-nav's LOJA_VIEW_ACCESS).
export const handle = {
  capability: [...new Set(Object.values(LOJA_VIEW_ACCESS).flat())],
} satisfies AdminHandle;

export const meta = adminMeta("Loja Online");

// The writes of each view are resource routes of their own: routes/admin/loja/*.ts.
export async function loader({ request }: Route.LoaderArgs) {
  // The hub's views need each their own capability (view-nav's LOJA_VIEW_ACCESS): a view
  // asked for by name and not allowed is refused; without one, the first allowed view opens.
  const { user } = await requireCapability(request, handle.capability);
  const url = new URL(request.url);
  const asked = parseLojaQuery(url).view;
  if (!lojaViewAllowed(user.papel, asked)) {
    const first = (["dashboard", "pedidos", "produtos", "configuracoes"] as const).find((v) =>
      lojaViewAllowed(user.papel, v),
    );
    if (url.searchParams.has("view") || !first)
      throw data({ message: ACESSO_NEGADO }, { status: 403 });
    throw redirect(`/admin/loja?view=${first}`);
  }
  // The person's units (decision 0069): their orders, counters and unit filter only.
  const scope = staffOf(user);
  const {
    view,
    q,
    categoriaId,
    estoqueBaixo,
    semEstoque,
    semImagem,
    inativo,
    page,
    status,
    pagamento,
    unidadeId,
    modo,
    naoRetirados,
    dias,
    antes,
    depois,
    lista,
  } = parseLojaQuery(new URL(request.url));
  if (view === "produtos") {
    const [{ products, total, totalExato }, categories, coupons] = await Promise.all([
      listAdminProducts({ q, categoriaId, estoqueBaixo, semEstoque, semImagem, inativo, page }),
      listCategories(),
      listCoupons(),
    ]);
    const filters = {
      q,
      categoriaId: categoriaId ?? "",
      estoqueBaixo,
      semEstoque,
      semImagem,
      inativo,
      page: Math.min(page, MAX_ADMIN_PRODUCT_PAGES),
    };
    return {
      view,
      produtos: {
        products,
        total,
        totalExato,
        // The pages go as far as the list does (a search or a filter narrows it further).
        paginated: Math.min(total, MAX_ADMIN_PRODUCT_PAGES * PRODUCTS_PAGE_SIZE),
        filters,
        pageSize: PRODUCTS_PAGE_SIZE,
        categories,
        coupons,
      },
    } as const;
  }
  if (view === "pedidos") {
    const [{ orders, total, totalExato, page: pagina, hasNewer, hasOlder }, settings, units] =
      await Promise.all([
        listAdminOrders({
          scope,
          status,
          pagamento,
          unidadeId,
          modo,
          naoRetiradosDias: naoRetirados ? dias : undefined,
          busca: q,
          page,
          antes,
          depois,
        }),
        getSettings(),
        listUnits(),
      ]);
    return {
      view,
      pedidos: {
        orders,
        total,
        totalExato,
        page: pagina,
        hasNewer,
        hasOlder,
        filters: {
          status: status ?? "",
          pagamento: pagamento ?? "",
          unidade: unidadeId ?? "",
          modo: modo ?? "",
          naoRetirados,
          dias,
          q,
          lista,
        },
        whatsappNumero: settings.whatsappNumero,
        // Every unit of theirs, closed ones too: an old order keeps the unit that took it.
        unidades: unitsInScope(scope, units).map((u) => ({
          id: u.id,
          nome: u.nome,
          endereco: `${u.endereco}, ${u.bairro}, ${u.cidade} - ${u.uf}`,
          horarios: shortHoursText(u.horarios),
        })),
      },
    } as const;
  }
  if (view === "configuracoes") {
    const configurar = pode(user.papel, "loja.configurar");
    const [settings, bairros, units] = await Promise.all([
      getSettings(),
      listBairros(),
      listUnits(),
    ]);
    // The settings read carries no secret (decision 0063): only whether each one is set.
    const { segredosDefinidos, ...visible } = settings;
    return {
      view,
      configuracoes: {
        // The shop's settings and credentials only for who may change them (loja.configurar);
        // a manager sees the neighbourhoods alone.
        settings: configurar ? { ...visible, hasSecret: segredosDefinidos.webhookSecret } : null,
        // Whether each credential is set and where from; never the credential itself.
        pagamentos: configurar ? paymentSettingsView(settings) : null,
        // The address to register in Mercado Pago's panel: PUBLIC_URL behind a proxy,
        // else the address this page was opened at.
        mercadoPagoWebhookUrl: configurar ? siteUrl(request, "/webhooks/mercadopago") : null,
        bairros,
        // The units a neighbourhood may be delivered from ("Unidade que entrega").
        unidades: units.map((u) => ({
          id: u.id,
          nome: u.nome,
          entrega: u.ativo && u.atendeEntregas,
        })),
      },
    } as const;
  }
  return { view, dashboard: await storeStats(scope) } as const;
}

export default function LojaAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Loja Online</h1>
          <p className="text-sm text-slate-600">
            Produtos, cupons, pedidos e configurações da loja
          </p>
        </div>
        <Button asChild variant="outline">
          <a href="/loja" {...externalLinkProps}>
            <ExternalLink aria-hidden="true" />
            Ver loja
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </Button>
      </div>
      <LojaViewNav current={loaderData.view} />
      {loaderData.view === "produtos" ? (
        <LojaProducts {...loaderData.produtos} />
      ) : loaderData.view === "pedidos" ? (
        <LojaOrders {...loaderData.pedidos} />
      ) : loaderData.view === "configuracoes" ? (
        <LojaSettings {...loaderData.configuracoes} />
      ) : (
        <LojaDashboard stats={loaderData.dashboard} />
      )}
    </div>
  );
}

/** SPEC §8 names the failure by what was being loaded. */
const LOAD_ERRORS: Record<string, string> = {
  pedidos: "Erro ao carregar pedidos",
  configuracoes: "Erro ao carregar configurações",
  dashboard: "Erro ao carregar dados do dashboard",
};

export function ErrorBoundary() {
  const view = new URLSearchParams(useLocation().search).get("view") ?? "";
  return (
    <AdminLoadError title="Loja Online" message={LOAD_ERRORS[view] ?? "Erro ao carregar dados"} />
  );
}
