// POST /admin/loja/bairros: the delivery neighbourhoods and their fees (settings view).
import { redirect } from "react-router";
import { bairroIntent } from "~/schemas/admin-loja-intents";
import { BAIRRO_REQUIRED, bairroFeeSchema, bairroSchema } from "~/schemas/bairro";
import { attempt, invalid, ok } from "~/server/admin-action.server";
import { requireAdmin } from "~/server/auth.server";
import { addBairro, removeBairro, updateBairro } from "~/server/bairros.server";
import { answerLoja, readLojaForm } from "~/server/loja-action.server";
import type { Route } from "./+types/bairros";

/** The panel this route serves. */
const SCREEN = "/admin/loja?view=configuracoes";

// Nothing to show here: an admin who opens the address lands on the panel it serves.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(SCREEN);
}

export async function action({ request }: Route.ActionArgs) {
  return answerLoja(request, SCREEN, await act(request));
}

async function act(request: Request) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const read = await readLojaForm(request, bairroIntent);
  if (!read.ok) return read.refusal;
  const { fields, intent } = read;
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
}
