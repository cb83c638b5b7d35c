// POST /admin/loja/bairros: the delivery neighbourhoods and their fees (settings view).

import { adminFormRoute } from "~/components/admin/page";
import * as delivery from "~/modules/delivery";
import { addBairro, removeBairro, updateBairro } from "~/modules/delivery/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { lojaAction, lojaLoader } from "~/routes/admin/loja/shared.server";

const route = adminFormRoute("/admin/loja?view=configuracoes", "entrega.editar");
export const handle = route.handle;
export const loader = lojaLoader(route);

export const action = lojaAction(route, {
  "bairro-create": adminIntent({
    schema: delivery.bairroSchema,
    refusal: delivery.BAIRRO_REQUIRED,
    failure: "Erro ao salvar bairro",
    run: async (data, { actor }) => `Bairro ${(await addBairro(data, actor)).nome} adicionado`,
  }),
  "bairro-fee": adminIntent({
    schema: delivery.bairroFeeSchema,
    failure: "Erro ao salvar bairro",
    run: async ({ taxaEntrega }, { actor, fields }) => {
      const row = await updateBairro(fields.id ?? "", { taxaEntrega }, actor);
      return `Taxa de ${row.nome} atualizada`;
    },
  }),
  "bairro-unit": adminIntent({
    schema: delivery.bairroUnitSchema,
    failure: "Erro ao salvar bairro",
    run: async ({ unidadeId }, { actor, fields }) => {
      const row = await updateBairro(fields.id ?? "", { unidadeId }, actor);
      return `Unidade de entrega de ${row.nome} atualizada`;
    },
  }),
  "bairro-toggle": adminIntent({
    failure: "Erro ao salvar bairro",
    run: async (fields, { actor }) => {
      const row = await updateBairro(fields.id ?? "", { ativo: fields.ativo === "true" }, actor);
      return row.ativo ? `Bairro ${row.nome} ativado` : `Bairro ${row.nome} desativado`;
    },
  }),
  "bairro-delete": adminIntent({
    failure: "Erro ao remover bairro",
    run: async (fields, { actor }) => {
      await removeBairro(fields.id ?? "", actor);
      return "Bairro removido";
    },
  }),
});
