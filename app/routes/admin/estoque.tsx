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
 * One write of the screen: its form's schema, the stock call it makes with the checked fields,
 * and the message of a fault and the toast's title and description of the call's answer.
 */
function write<T, R>(
  capability: Capacidade,
  schema: z.ZodType<T, unknown>,
  perform: (data: T, actor: stock.StockActor) => Promise<R>,
  say: { failure: string; done: (r: R) => [title: string, description: string] },
) {
  return adminIntent({
    capability,
    schema,
    failure: say.failure,
    refusal: CHECK_FIELDS,
    run: async (data, w) => say.done(await perform(data, w.actor)),
  });
}

const WRITES = {
  "stock-adjust": write("estoque.ajustar", forms.adjustStockSchema, stock.adjustStock, {
    failure: "Erro ao ajustar o estoque",
    done: (r) => [
      r.changed ? "Estoque ajustado" : "A quantidade já era essa",
      `${r.nome} em ${r.unidade}: ${r.emMaos} em mãos, ${r.disponivel} disponível(is).`,
    ],
  }),
  "stock-enter": write("estoque.ajustar", forms.enterStockSchema, stock.enterStock, {
    failure: "Erro ao registrar a entrada",
    done: (r) => [
      "Entrada registrada",
      `+${r.quantidade} de ${r.nome} em ${r.unidade}: ${r.emMaos} em mãos, ${r.disponivel} disponível(is).`,
    ],
  }),
  "stock-transfer": write("estoque.transferir", forms.transferStockSchema, stock.transfer, {
    failure: "Erro ao transferir o estoque",
    done: (r) => [
      "Transferência enviada",
      `${r.quantidade} de ${r.nome}: ${r.de} → ${r.para}, em trânsito até ${r.para} receber.`,
    ],
  }),
  "stock-minimum": write("estoque.ajustar", forms.minimumSchema, stock.setMinimum, {
    failure: "Erro ao salvar o mínimo",
    done: (r) => [
      r.minimo > 0 ? "Mínimo salvo" : "Mínimo removido",
      `${r.nome} em ${r.unidade}: ${r.minimo > 0 ? `mínimo ${r.minimo}` : "sem mínimo"}.`,
    ],
  }),
} satisfies Record<(typeof forms.stockIntent.options)[number], unknown>;

export const action = adminAction(WRITES, { capability: handle.capability });

// The stock's other screens, from the header: the first as the main button.
const SHORTCUTS = [
  ["/admin/estoque/entrada", "Entrada de mercadoria"],
  ["/admin/estoque/balcao", "Vendas do balcão"],
  ["/admin/estoque/contagens", "Contagens"],
  ["/admin/estoque/transferencias", "Transferências"],
] as const;

export default function EstoqueAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Estoque"
        description="Por unidade: em mãos, reservado para pedidos e disponível para venda."
        actions={SHORTCUTS.map(([to, label], i) => (
          <Link
            key={to}
            to={href(to)}
            className={buttonVariants(i === 0 ? undefined : { variant: "outline" })}
          >
            {label}
            {to === "/admin/estoque/transferencias" && loaderData.aReceber > 0
              ? ` (${loaderData.aReceber} a receber)`
              : ""}
          </Link>
        ))}
      />
      <StockScreen listing={loaderData.listing} filters={loaderData.filters} />
    </div>
  );
}
