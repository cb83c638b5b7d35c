import { data } from "react-router";
import { bookingCalendar } from "~/modules/grooming/index.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/servicos-agendamento-ics";

// "Adicionar ao calendário": the booking as an .ics file (the `ics` library), behind the
// same secret as its status page.
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const page = `${siteOrigin(request)}/servicos/agendamento/${params.numero}?token=${encodeURIComponent(token ?? "")}`;
  const ics = await bookingCalendar(params.numero, token, page);
  if (!ics) throw data("Agendamento não encontrado", { status: 404 });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="agendamento-${params.numero}.ics"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
