// /admin/servicos: grooming orders (SPEC §2.3 'Serviços de Banho & Tosa', §4, §7.6).

import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { GroomingList } from "~/components/admin/servicos/grooming-list";
import { pageParam } from "~/domain/pagination";
import { STATUS_SERVICO } from "~/domain/statuses";
import { formFields } from "~/lib/forms";
import { requireAdmin } from "~/modules/accounts/index.server";
import {
  answerQuoteWithLink,
  bookingsOfQuotes,
  listGroomingOrders,
  listGroomingServices,
  quoteBookingPath,
  quoteLinkSchema,
  setGroomingStatus,
} from "~/modules/grooming/index.server";
import { attempt, fail, ok } from "~/platform/admin/action.server";
import { readForm } from "~/platform/request-info.server";
import { siteUrl } from "~/platform/site-url.server";
import { groomingStatusSchema } from "~/schemas/status";
import type { Route } from "./+types/servicos";

export const meta = adminMeta("Serviços de Banho & Tosa");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const param = new URL(request.url).searchParams.get("status") ?? "todos";
  const status = (STATUS_SERVICO as readonly string[]).includes(param)
    ? (param as (typeof STATUS_SERVICO)[number])
    : undefined;
  const { orders, total, page, pageSize } = await listGroomingOrders({
    status,
    page: pageParam(new URL(request.url)),
  });
  const services = await listGroomingServices({ online: true });
  const booked = await bookingsOfQuotes(orders.map((o) => o.id));
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
        o.precoOrcado !== null ? siteUrl(request, quoteBookingPath(o.numeroPedido)) : null,
      agendamento: booked.get(o.id) ?? null,
    })),
    total,
    page,
    pageSize,
    status: status ?? "todos",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const fields = formFields(form);
  if (fields.intent === "link") {
    const parsed = quoteLinkSchema.safeParse({ ...fields, servicoIds: form.getAll("servico") });
    if (!parsed.success) return fail("link", parsed.error.issues[0]!.message, 422);
    const { id, ...answer } = parsed.data;
    return attempt("link", "Erro ao gerar o link", async () => {
      const { quote } = await answerQuoteWithLink(id, answer, { request, userId: user.id });
      return ok(
        "link",
        `Link para agendar do pedido ${quote.numeroPedido} pronto`,
        "Envie pelo WhatsApp.",
      );
    });
  }
  const parsed = groomingStatusSchema.safeParse(fields);
  if (!parsed.success) return fail("grooming-status", "Erro ao atualizar status");
  return attempt("grooming-status", "Erro ao atualizar status", async () => {
    await setGroomingStatus(parsed.data.id, parsed.data.status, { request, userId: user.id });
    return ok(
      "grooming-status",
      "Status atualizado",
      "Status do pedido foi atualizado com sucesso.",
    );
  });
}

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

export function ErrorBoundary() {
  return <AdminLoadError title="Serviços de Banho & Tosa" message="Erro ao carregar pedidos" />;
}
