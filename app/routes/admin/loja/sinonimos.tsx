// /admin/loja/sinonimos: the words the store's search treats as one ("antipulga, antipulgas,
// pulgas"), listed, added, edited and deleted; every write is audited.
import type { z } from "zod";
import { SynonymsPanel } from "~/components/admin/loja/synonyms-panel";
import { LojaViewNav } from "~/components/admin/loja/view-nav";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { SYNONYMS_INVALID, synonymGroupSchema } from "~/modules/catalog";
import * as catalog from "~/modules/catalog/index.server";
import { type AdminWrite, adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/sinonimos";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Sinônimos da busca",
  capability: "produtos.editar",
  failure: "Erro ao carregar sinônimos",
});

const SAVE_ERROR = "Erro ao salvar sinônimos";

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { reads }) => {
  return { groups: await reads(() => catalog.listSynonymGroups()) };
});

const saveGroup = (
  said: string,
  save: (
    data: z.infer<typeof synonymGroupSchema>,
    write: AdminWrite,
  ) => Promise<{ termos: string[] }>,
) =>
  adminIntent({
    schema: synonymGroupSchema,
    refusal: SYNONYMS_INVALID,
    failure: SAVE_ERROR,
    run: async (data, write) => [said, (await save(data, write)).termos.join(", ")] as const,
  });

export const action = adminAction(
  {
    "synonyms-create": saveGroup("Grupo de sinônimos criado", (data, { actor }) =>
      catalog.createSynonymGroup(data, actor),
    ),
    "synonyms-update": saveGroup("Grupo de sinônimos atualizado", (data, { fields, actor }) =>
      catalog.updateSynonymGroup(fields.id ?? "", data, actor),
    ),
    "synonyms-delete": adminIntent({
      failure: SAVE_ERROR,
      run: async (_data, { fields, actor }) => {
        const row = await catalog.deleteSynonymGroup(fields.id ?? "", actor);
        return `Grupo “${row.termos.join(", ")}” excluído`;
      },
    }),
  },
  { capability: handle.capability, noControlChars: true },
);

export default function Sinonimos({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      nav={<LojaViewNav current="sinonimos" />}
      title="Sinônimos da busca"
      description="Palavras que a busca da loja trata como a mesma: quem busca “pulgas” também encontra “antipulgas”."
    >
      <SynonymsPanel groups={loaderData.groups} />
    </AdminScreen>
  );
}
