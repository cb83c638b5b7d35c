// POST /admin/loja/bairros: the delivery neighbourhoods and their fees (settings view).

import { adminFormRoute } from "~/components/admin/page";
import {
  BAIRRO_REQUIRED,
  bairroFeeSchema,
  bairroSchema,
  bairroUnitSchema,
} from "~/modules/delivery";
import { addBairro, removeBairro, updateBairro } from "~/modules/delivery/index.server";
import { attempt, invalid, ok } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";
import { bairroIntent } from "~/schemas/admin-loja-intents";

const route = adminFormRoute("/admin/loja?view=configuracoes", "entrega.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(route, bairroIntent, async ({ actor, fields, intent }) => {
  const id = fields.id ?? "";

  switch (intent) {
    case "bairro-create": {
      const parsed = bairroSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, BAIRRO_REQUIRED);
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await addBairro(parsed.data, actor);
        return ok(intent, `Bairro ${row.nome} adicionado`);
      });
    }
    case "bairro-fee": {
      const parsed = bairroFeeSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await updateBairro(id, { taxaEntrega: parsed.data.taxaEntrega }, actor);
        return ok(intent, `Taxa de ${row.nome} atualizada`);
      });
    }
    case "bairro-unit": {
      const parsed = bairroUnitSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await updateBairro(id, { unidadeId: parsed.data.unidadeId }, actor);
        return ok(intent, `Unidade de entrega de ${row.nome} atualizada`);
      });
    }
    case "bairro-toggle":
      return attempt(intent, "Erro ao salvar bairro", async () => {
        const row = await updateBairro(id, { ativo: fields.ativo === "true" }, actor);
        return ok(
          intent,
          row.ativo ? `Bairro ${row.nome} ativado` : `Bairro ${row.nome} desativado`,
        );
      });
    case "bairro-delete":
      return attempt(intent, "Erro ao remover bairro", async () => {
        await removeBairro(id, actor);
        return ok(intent, "Bairro removido");
      });
    default:
      return intent satisfies never;
  }
});
