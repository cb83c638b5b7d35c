// /admin/servicos: grooming orders (SPEC §2.3 'Serviços de Banho & Tosa', §4, §7.6).

import { adminPage } from "~/components/admin/page";
import { GroomingList } from "~/components/admin/servicos/grooming-list";
import { pageParam } from "~/domain/pagination";
import { STATUS_SERVICO } from "~/domain/statuses";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import * as grooming from "~/modules/grooming/index.server";
import { adminIntent, firstIssue } from "~/platform/admin/action.server";
import { siteUrl } from "~/platform/site-url.server";
import { groomingStatusSchema } from "~/schemas/status";
import type { Route } from "./+types/servicos";
import { statusIntent } from "./status-intent.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Serviços de Banho & Tosa",
  capability: "orcamentos.atender",
  failure: "Erro ao carregar pedidos",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs) => {
  const param = new URL(request.url).searchParams.get("status") ?? "todos";
  const status = (STATUS_SERVICO as readonly string[]).includes(param)
    ? (param as (typeof STATUS_SERVICO)[number])
    : undefined;
  const { orders, total, page, pageSize } = await grooming.listGroomingOrders({
    status,
    page: pageParam(new URL(request.url)),
  });
  const services = await grooming.listGroomingServices({ online: true });
  const booked = await grooming.bookingsOfQuotes(orders.map((o) => o.id));
  return {
    services: services.map((s) => ({
      id: s.id,
      nome: s.nome,
      adicional: s.adicional,
      portes: [...new Set(s.precos.map((c) => c.porte))],
    })),
    orders: orders.map((o) => ({
      ...o,
      linkAgendar:
        o.precoOrcado !== null ? siteUrl(request, grooming.quoteBookingPath(o.numeroPedido)) : null,
      agendamento: booked.get(o.id) ?? null,
    })),
    total,
    page,
    pageSize,
    status: status ?? "todos",
  };
});

export const action = adminAction(
  {
    link: adminIntent({
      schema: grooming.quoteLinkSchema,
      input: ({ fields, form }) => ({ ...fields, servicoIds: form.getAll("servico") }),
      refusal: firstIssue,
      failure: "Erro ao gerar o link",
      run: async ({ id, ...answer }, { actor }) => {
        const { quote } = await grooming.answerQuoteWithLink(id, answer, actor);
        return [`Link para agendar do pedido ${quote.numeroPedido} pronto`, "Envie pelo WhatsApp."];
      },
    }),
    "grooming-status": statusIntent({
      schema: groomingStatusSchema,
      set: grooming.setGroomingStatus,
      success: ["Status atualizado", "Status do pedido foi atualizado com sucesso."],
    }),
  },
  { capability: handle.capability, defaultIntent: "grooming-status" },
);

export default function ServicosAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Serviços de Banho &amp; Tosa</h1>
        <p className="text-sm text-slate-600">Pedidos de orçamento enviados pelo site</p>
      </div>
      <GroomingList
        orders={loaderData.orders}
        services={loaderData.services}
        status={loaderData.status}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
      />
    </div>
  );
}
