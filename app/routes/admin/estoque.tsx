// /admin/estoque: variants × units (em mãos, reservado, disponível, mínimo), filtered by a
// plain GET form; its action counts (ajuste with reason), transfers and sets minimums, each
// written to the stock ledger with the admin's e-mail and to the audit log.

import { StockScreen } from "~/components/admin/estoque/stock-screen";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import {
  attempt,
  invalid,
  loadOrFail,
  ok,
  readAdminIntent,
  requireAdmin,
} from "~/modules/accounts/index.server";
import {
  adjustStockSchema,
  minimumSchema,
  parseStockQuery,
  stockIntent,
  transferStockSchema,
} from "~/modules/inventory";
import {
  adjustStock,
  listStock,
  type StockActor,
  setMinimum,
  transfer,
} from "~/modules/inventory/index.server";
import type { Route } from "./+types/estoque";

export const meta = adminMeta("Estoque");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseStockQuery(new URL(request.url));
  const listing = await loadOrFail("Erro ao carregar o estoque", () => listStock(query));
  return {
    listing,
    filters: {
      q: query.q,
      unidadeId: query.unidadeId ?? "",
      abaixoDoMinimo: query.abaixoDoMinimo,
    },
  };
}

const CHECK_FIELDS = "Confira os campos destacados";

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const asked = await readAdminIntent(request, stockIntent);
  if (asked.refusal) return asked.refusal;
  const { fields, intent } = asked;
  const actor: StockActor = { request, userId: user.id, email: user.email };
  switch (intent) {
    case "stock-adjust": {
      const parsed = adjustStockSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, CHECK_FIELDS);
      return attempt(intent, "Erro ao ajustar o estoque", async () => {
        const r = await adjustStock(parsed.data, actor);
        return ok(
          intent,
          r.changed ? "Estoque ajustado" : "A quantidade já era essa",
          `${r.nome} em ${r.unidade}: ${r.emMaos} em mãos, ${r.disponivel} disponível(is).`,
        );
      });
    }
    case "stock-transfer": {
      const parsed = transferStockSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, CHECK_FIELDS);
      return attempt(intent, "Erro ao transferir o estoque", async () => {
        const r = await transfer(parsed.data, actor);
        return ok(
          intent,
          "Transferência registrada",
          `${r.quantidade} de ${r.nome}: ${r.de} → ${r.para}.`,
        );
      });
    }
    case "stock-minimum": {
      const parsed = minimumSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, CHECK_FIELDS);
      return attempt(intent, "Erro ao salvar o mínimo", async () => {
        const r = await setMinimum(parsed.data, actor);
        return ok(
          intent,
          r.minimo > 0 ? "Mínimo salvo" : "Mínimo removido",
          `${r.nome} em ${r.unidade}: ${r.minimo > 0 ? `mínimo ${r.minimo}` : "sem mínimo"}.`,
        );
      });
    }
    default:
      return intent satisfies never;
  }
}

export default function EstoqueAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="Estoque"
        description="Por unidade: em mãos, reservado para pedidos e disponível para venda."
      />
      <StockScreen listing={loaderData.listing} filters={loaderData.filters} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Estoque" message="Erro ao carregar o estoque" />;
}
