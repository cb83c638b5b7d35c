// /admin/fechamento/imprimir?unidade=…&dia=…&formato=a4|80mm: the day close as a sheet of A4
// or an 80 mm receipt (issue 43 point 4), without the panel around it; the bar that picks the
// paper and prints shows on screen only (app.css, "Folhas de pedido").
import { data, Link, useLoaderData } from "react-router";
import { DayCloseSheet } from "~/components/admin/fechamento/day-close-sheet";
import { adminMeta } from "~/components/admin/meta";
import { PrintFrame } from "~/components/admin/print-frame";
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import { dayClose } from "~/modules/reports/index.server";
import type { Route } from "./+types/fechamento-imprimir";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "relatorios.ver" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir fechamento do dia");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  const url = new URL(request.url);
  const close = await dayClose(
    url.searchParams.get("unidade") ?? "",
    url.searchParams.get("dia") ?? "",
    staffOf(user),
  );
  if (!close) throw data("Fechamento não encontrado", { status: 404 });
  const formato = url.searchParams.get("formato") === "80mm" ? "80mm" : "a4";
  return data({ close, formato } as const, { headers: { "Cache-Control": "private, no-store" } });
}

export default function PrintDayClose() {
  const { close, formato } = useLoaderData<typeof loader>();
  const query = `unidade=${encodeURIComponent(close.unidade.id)}&dia=${close.dia}`;
  return (
    <PrintFrame
      formato={formato}
      query={query}
      heading={
        <Link
          to={`/admin/fechamento?${query}`}
          className="mr-auto font-bold text-slate-900 underline"
        >
          Fechamento do dia
        </Link>
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] justify-items-center py-4 print:block print:py-0">
        <article
          className={`print-sheet print-sheet-${formato} bg-white text-black shadow print:shadow-none ${
            formato === "80mm" ? "p-2" : "p-8"
          }`}
          data-testid="print-sheet"
          aria-label={`Fechamento do dia ${close.unidade.nome}`}
        >
          <DayCloseSheet close={close} receipt={formato === "80mm"} />
        </article>
      </div>
    </PrintFrame>
  );
}
