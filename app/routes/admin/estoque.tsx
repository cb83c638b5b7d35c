// /admin/estoque: variants × units (em mãos, reservado, disponível, mínimo), filtered by a
// plain GET form; its action counts (ajuste with reason), transfers and sets minimums, each
// written to the stock ledger with the admin's e-mail and to the audit log.

import { href, Link } from "react-router";
import type { z } from "zod";
import { StockScreen } from "~/components/admin/estoque/stock-screen";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import type { Capacidade } from "~/domain/permissions";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
// The stock screen's forms (client-safe) and its reads and writes (server).
import * as forms from "~/modules/inventory";
import * as stock from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/estoque";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Estoque",
  capability: "estoque.ver",
  failure: "Erro ao carregar o estoque",
});

export const loader = adminLoader(
  handle,
  async ({ request }: Route.LoaderArgs, { staff, reads }) => {
    const query = forms.parseStockQuery(new URL(request.url));
    const listing = await reads(() => stock.listStock(query, staff));
    const aReceber = await reads(() => stock.transfersToReceive(staff));
    return {
      listing,
      aReceber,
      filters: {
        q: query.q,
        unidadeId: query.unidadeId ?? "",
        abaixoDoMinimo: query.abaixoDoMinimo,
      },
    };
  },
);

const CHECK_FIELDS = "Confira os campos destacados";

/**
 * One write of the screen: its form's schema, the message of a fault, and what it does with
 * the checked fields, answered as the toast's title and description.
 */
function write<T>(
  capability: Capacidade,
  schema: z.ZodType<T, unknown>,
  failure: string,
  run: (data: T, actor: stock.StockActor) => Promise<[title: string, description: string]>,
) {
  return adminIntent({
    capability,
    schema,
    failure,
    refusal: CHECK_FIELDS,
    run: (data, w) => run(data, w.actor),
  });
}

const WRITES = {
  "stock-adjust": write(
    "estoque.ajustar",
    forms.adjustStockSchema,
    "Erro ao ajustar o estoque",
    async (data, actor) => {
      const r = await stock.adjustStock(data, actor);
      return [
        r.changed ? "Estoque ajustado" : "A quantidade já era essa",
        `${r.nome} em ${r.unidade}: ${r.emMaos} em mãos, ${r.disponivel} disponível(is).`,
      ];
    },
  ),
  "stock-enter": write(
    "estoque.ajustar",
    forms.enterStockSchema,
    "Erro ao registrar a entrada",
    async (data, actor) => {
      const r = await stock.enterStock(data, actor);
      return [
        "Entrada registrada",
        `+${r.quantidade} de ${r.nome} em ${r.unidade}: ${r.emMaos} em mãos, ${r.disponivel} disponível(is).`,
      ];
    },
  ),
  "stock-transfer": write(
    "estoque.transferir",
    forms.transferStockSchema,
    "Erro ao transferir o estoque",
    async (data, actor) => {
      const r = await stock.transfer(data, actor);
      return [
        "Transferência enviada",
        `${r.quantidade} de ${r.nome}: ${r.de} → ${r.para}, em trânsito até ${r.para} receber.`,
      ];
    },
  ),
  "stock-minimum": write(
    "estoque.ajustar",
    forms.minimumSchema,
    "Erro ao salvar o mínimo",
    async (data, actor) => {
      const r = await stock.setMinimum(data, actor);
      return [
        r.minimo > 0 ? "Mínimo salvo" : "Mínimo removido",
        `${r.nome} em ${r.unidade}: ${r.minimo > 0 ? `mínimo ${r.minimo}` : "sem mínimo"}.`,
      ];
    },
  ),
} satisfies Record<(typeof forms.stockIntent.options)[number], unknown>;

export const action = adminAction(WRITES, { capability: handle.capability });

export default function EstoqueAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Estoque"
        description="Por unidade: em mãos, reservado para pedidos e disponível para venda."
        actions={
          <>
            <Link to={href("/admin/estoque/entrada")} className={buttonVariants()}>
              Entrada de mercadoria
            </Link>
            <Link
              to={href("/admin/estoque/balcao")}
              className={buttonVariants({ variant: "outline" })}
            >
              Vendas do balcão
            </Link>
            <Link
              to={href("/admin/estoque/contagens")}
              className={buttonVariants({ variant: "outline" })}
            >
              Contagens
            </Link>
            <Link
              to={href("/admin/estoque/transferencias")}
              className={buttonVariants({ variant: "outline" })}
            >
              Transferências
              {loaderData.aReceber > 0 ? ` (${loaderData.aReceber} a receber)` : ""}
            </Link>
          </>
        }
      />
      <StockScreen listing={loaderData.listing} filters={loaderData.filters} />
    </div>
  );
}
