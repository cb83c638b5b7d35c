import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { UnitDialog } from "~/components/admin/unidades/unit-dialog";
import { UnitsList } from "~/components/admin/unidades/units-list";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { UNIT_INVALID, unitSchema } from "~/modules/shop";
import { createUnit, listUnits, updateUnit } from "~/modules/shop/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/unidades";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Unidades",
  capability: "unidades.editar",
  failure: "Erro ao carregar unidades",
});

/** What the form can ask: a new unit, or one saved over (anything else: 'Ação desconhecida'). */

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { reads }) => {
  return { units: await reads(() => listUnits()) };
});

const SAVE_ERROR = "Erro ao salvar unidade";

export const action = adminAction(
  {
    "unit-create": adminIntent({
      schema: unitSchema,
      refusal: UNIT_INVALID,
      failure: SAVE_ERROR,
      run: async (data, { actor }) => `Unidade ${(await createUnit(data, actor)).nome} criada`,
    }),
    "unit-update": adminIntent({
      schema: unitSchema,
      refusal: UNIT_INVALID,
      failure: SAVE_ERROR,
      run: async (data, { fields, actor }) =>
        `Unidade ${(await updateUnit(fields.id ?? "", data, actor)).nome} atualizada`,
    }),
  },
  { capability: handle.capability, noControlChars: true },
);

export default function Unidades({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      title="Unidades"
      description="Endereços, horários, retirada e entregas de cada unidade. O site mostra as unidades ativas."
      actions={<UnitDialog />}
    >
      <UnitsList units={loaderData.units} />
    </AdminScreen>
  );
}
