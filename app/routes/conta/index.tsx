// "Minha conta" → "Pedidos e agendamentos" (issue 42 point 2, decision 0072): the orders and
// bookings made with the account's proved e-mail (earlier guest ones included), newest first,
// each opening its own page. The device's "Seus pedidos" only marks which orders this device
// placed: an order of another e-mail (or none) is never listed here. Plus "Sair" and "Sair de
// todos os aparelhos".
import { LogOutIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { STATUS_PEDIDO_LABEL } from "~/domain/statuses";
import type { HydrationHandle } from "~/lib/hydration";
import { requireCustomer } from "~/modules/customers/index.server";
import { dayLabel, STATUS_AGENDAMENTO_LABEL } from "~/modules/grooming";
import { bookingsByEmail } from "~/modules/grooming/index.server";
import { ordersByEmail, readRecentOrders } from "~/modules/orders/index.server";
import type { Route } from "./+types/index";

export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: "Minha conta" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const [pedidos, agendamentos] = await Promise.all([
    ordersByEmail(cliente.email, readRecentOrders(request)),
    bookingsByEmail(cliente.email),
  ]);
  return {
    pedidos: pedidos.map((p) => ({
      numero: p.numero,
      href: p.href,
      quando: formatDateTime(p.createdAt),
      total: p.total,
      status: STATUS_PEDIDO_LABEL[p.statusPedido],
      nesteAparelho: p.nesteAparelho,
    })),
    agendamentos: agendamentos.map((a) => ({
      numero: a.numero,
      href: a.href,
      quando: `${dayLabel(a.data)} às ${a.horario}`,
      pets: a.pets.join(", "),
      preco: a.preco,
      status: STATUS_AGENDAMENTO_LABEL[a.status],
    })),
  };
}

const ITEM = "block rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300";

/** One of the account's lists (orders, bookings): each row a link to its page. */
function RecordList({
  id,
  title,
  empty,
  start,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  start: { href: string; label: string };
  rows: {
    key: string;
    href: string;
    title: ReactNode;
    valor: number;
    detail: string;
    /** A second action of the row, beside its link (a booking's "Repetir"). */
    extra?: { href: string; label: string };
  }[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {empty}{" "}
          <a href={start.href} className="font-semibold text-brand-700 underline">
            {start.label}
          </a>
        </p>
      ) : (
        <ul className="mt-2 grid gap-2" data-testid={id}>
          {rows.map((row) => (
            <li key={row.key}>
              <a href={row.href} className={ITEM}>
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  {row.title}
                  <span className="font-semibold text-slate-900">{formatBRL(row.valor)}</span>
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{row.detail}</span>
              </a>
              {row.extra ? (
                <a
                  href={row.extra.href}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
                >
                  {row.extra.label}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AccountHome() {
  const { pedidos, agendamentos } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-8">
      <RecordList
        id="conta-pedidos"
        title="Pedidos"
        empty="Nenhum pedido com este e-mail ainda."
        start={{ href: "/loja", label: "Ir para a loja" }}
        rows={pedidos.map((p) => ({
          key: p.numero,
          href: p.href,
          title: <strong className="text-slate-900">Pedido {p.numero}</strong>,
          valor: p.total,
          detail: `${p.quando} · ${p.status}${p.nesteAparelho ? " · feito neste aparelho" : ""}`,
        }))}
      />
      <RecordList
        id="conta-agendamentos"
        title="Banho e tosa"
        empty="Nenhum agendamento com este e-mail ainda."
        start={{ href: "/servicos/agendar", label: "Agendar banho e tosa" }}
        rows={agendamentos.map((a) => ({
          key: a.numero,
          href: a.href,
          title: <strong className="text-slate-900 wrap-anywhere">{a.pets || a.numero}</strong>,
          valor: a.preco,
          detail: `${a.quando} · ${a.status} · ${a.numero}`,
          // Decision 0087: the same pet again every 7/14/21/28 days (or its series).
          extra: {
            href: `/conta/agendamentos/${a.numero}/repetir`,
            label: `Repetir ${a.numero}`,
          },
        }))}
      />
      <section aria-labelledby="conta-sair" className="border-t border-slate-200 pt-4">
        <h2 id="conta-sair" className="sr-only">
          Sair
        </h2>
        <form method="post" action="/conta/sair" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="este" variant="outline">
            <LogOutIcon aria-hidden="true" />
            Sair
          </Button>
          <Button type="submit" name="intent" value="todos" variant="ghost">
            Sair de todos os aparelhos
          </Button>
        </form>
      </section>
    </div>
  );
}
