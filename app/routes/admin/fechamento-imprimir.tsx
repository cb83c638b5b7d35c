// /admin/fechamento/imprimir?unidade=…&dia=…&formato=a4|80mm: the day close as a sheet of A4
// or an 80 mm receipt (issue 43 point 4), without the panel around it; the bar that picks the
// paper and prints shows on screen only (app.css, "Folhas de pedido").
import { data, Link, useLoaderData } from "react-router";
import { DayCloseSheet } from "~/components/admin/fechamento/day-close-sheet";
import { adminMeta } from "~/components/admin/meta";
import { PrintFrame } from "~/components/admin/print-frame";
import type { AdminHandle } from "~/domain/permissions";
import { dayClose } from "~/modules/reports/index.server";
import type { Route } from "./+types/fechamento-imprimir";
import { printHeaders, printLoader } from "./print.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "relatorios.ver" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir fechamento do dia");

export const headers = printHeaders;

export const loader = printLoader(handle, async (_: Route.LoaderArgs, { url, formato, staff }) => {
  const close = await dayClose(
    url.searchParams.get("unidade") ?? "",
    url.searchParams.get("dia") ?? "",
    staff,
  );
  if (!close) throw data("Fechamento não encontrado", { status: 404 });
  return { close, formato };
});

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
