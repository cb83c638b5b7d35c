// /admin/loja/sinonimos: the words the store's search treats as one ("antipulga, antipulgas,
// pulgas"), listed, added, edited and deleted; every write is audited.
import { z } from "zod";
import { AdminLoadError } from "~/components/admin/load-error";
import { SynonymsPanel } from "~/components/admin/loja/synonyms-panel";
import { LojaViewNav } from "~/components/admin/loja/view-nav";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { requireAdmin } from "~/modules/accounts/index.server";
import { SYNONYMS_INVALID, synonymGroupSchema } from "~/modules/catalog";
import {
  createSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroups,
  updateSynonymGroup,
} from "~/modules/catalog/index.server";
import { attempt, fail, invalid, ok, readAdminIntent } from "~/platform/admin/action.server";
import { loadOrFail } from "~/platform/admin/load.server";
import { CONTROL_CHARS_MESSAGE, fieldWithControlChars } from "~/schemas/text";
import type { Route } from "./+types/sinonimos";

export const meta = adminMeta("Sinônimos da busca");

const LOAD_ERROR = "Erro ao carregar sinônimos";
const SAVE_ERROR = "Erro ao salvar sinônimos";

const synonymsIntent = z.enum(["synonyms-create", "synonyms-update", "synonyms-delete"]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { groups: await loadOrFail(LOAD_ERROR, () => listSynonymGroups()) };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const asked = await readAdminIntent(request, synonymsIntent);
  if (asked.refusal) return asked.refusal;
  const { fields, intent } = asked;
  if (fieldWithControlChars(fields) !== null) return fail(intent, CONTROL_CHARS_MESSAGE);
  if (intent === "synonyms-delete") {
    return attempt(intent, SAVE_ERROR, async () => {
      const row = await deleteSynonymGroup(fields.id ?? "", actor);
      return ok(intent, `Grupo “${row.termos.join(", ")}” excluído`);
    });
  }
  const parsed = synonymGroupSchema.safeParse(fields);
  if (!parsed.success) return invalid(intent, parsed.error, SYNONYMS_INVALID);
  return attempt(intent, SAVE_ERROR, async () => {
    const row =
      intent === "synonyms-create"
        ? await createSynonymGroup(parsed.data, actor)
        : await updateSynonymGroup(fields.id ?? "", parsed.data, actor);
    return ok(
      intent,
      intent === "synonyms-create" ? "Grupo de sinônimos criado" : "Grupo de sinônimos atualizado",
      row.termos.join(", "),
    );
  });
}

export default function Sinonimos({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <LojaViewNav current="sinonimos" />
      <AdminPageHeader
        title="Sinônimos da busca"
        description="Palavras que a busca da loja trata como a mesma: quem busca “pulgas” também encontra “antipulgas”."
        className="mb-0"
      />
      <SynonymsPanel groups={loaderData.groups} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Sinônimos da busca" message={LOAD_ERROR} />;
}
