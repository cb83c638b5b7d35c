// /admin/fechamento?unidade=…&dia=yyyy-MM-dd: "Fechamento do dia" per unit (issue 43 point 4,
// decision 0079): what the unit received that day by form of payment and by person, refunds
// and chargebacks, the cash expected in the drawer; printable and exportable. A plain GET form
// picks the unit and the day, so it works without JavaScript.
import { Download, PrinterIcon } from "lucide-react";
import { data, Form, Link } from "react-router";
import { DayCloseSheet } from "~/components/admin/fechamento/day-close-sheet";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NamedOptions, Select } from "~/components/ui/select";
import { shopDay } from "~/domain/dates";
import { adminLoader } from "~/modules/accounts/index.server";
import { closeUnits, dayClose } from "~/modules/reports/index.server";
import { now } from "~/platform/clock.server";
import type { Route } from "./+types/fechamento";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Fechamento do dia",
  capability: "relatorios.ver",
  failure: "Erro ao carregar o fechamento do dia",
});

export const loader = adminLoader(
  handle,
  async ({ request }: Route.LoaderArgs, { staff: scope, reads }) => {
    const url = new URL(request.url);
    const units = await reads(() => closeUnits(scope));
    const hoje = shopDay(now());
    const dia = url.searchParams.get("dia") || hoje;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dia) || Number.isNaN(Date.parse(dia))) {
      throw data("Escolha um dia válido (dd/mm/aaaa)", { status: 400 });
    }
    const unidade = url.searchParams.get("unidade") || units[0]?.id || "";
    const close = unidade ? await reads(() => dayClose(unidade, dia, scope)) : null;
    // Another unit's close answers as an unknown one (decision 0069); a bad day, the same.
    if (unidade && !close) throw data("Fechamento não encontrado", { status: 404 });
    return { units, unidade, dia, hoje, close };
  },
);

export default function DayClosePage({ loaderData: d }: Route.ComponentProps) {
  const query = `unidade=${encodeURIComponent(d.unidade)}&dia=${d.dia}`;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <AdminPageHeader
        title="Fechamento do dia"
        description="O que cada unidade recebeu no dia, por forma de pagamento e por pessoa (horário de Brasília). Não é documento fiscal."
        className="mb-0"
      />
      <Card>
        <CardContent className="pt-6">
          <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <label
              className="grid gap-1.5 text-sm font-semibold"
              htmlFor="fechamento-unidade-select"
            >
              Unidade
              <Select id="fechamento-unidade-select" name="unidade" defaultValue={d.unidade}>
                <NamedOptions items={d.units} />
              </Select>
            </label>
            <label className="grid gap-1.5 text-sm font-semibold" htmlFor="fechamento-dia">
              Dia
              <Input
                id="fechamento-dia"
                name="dia"
                type="date"
                defaultValue={d.dia}
                max={d.hoje}
                required
              />
            </label>
            <Button type="submit">Ver fechamento</Button>
          </Form>
        </CardContent>
      </Card>
      {d.close ? (
        <>
          <div className="flex flex-wrap gap-2" data-testid="fechamento-acoes">
            <Link
              to={`/admin/fechamento/imprimir?${query}&formato=a4`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <PrinterIcon aria-hidden="true" />
              Imprimir A4
            </Link>
            <Link
              to={`/admin/fechamento/imprimir?${query}&formato=80mm`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <PrinterIcon aria-hidden="true" />
              Cupom 80 mm
            </Link>
            <a
              href={`/admin/fechamento/exportar?${query}&formato=csv`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
              download
            >
              <Download aria-hidden="true" />
              CSV
            </a>
            <a
              href={`/admin/fechamento/exportar?${query}&formato=xlsx`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
              download
            >
              <Download aria-hidden="true" />
              Excel (XLSX)
            </a>
          </div>
          <Card>
            <CardContent className="pt-6" data-testid="fechamento">
              <DayCloseSheet close={d.close} />
            </CardContent>
          </Card>
        </>
      ) : (
        <p className="text-slate-700">Nenhuma unidade para fechar.</p>
      )}
    </div>
  );
}
