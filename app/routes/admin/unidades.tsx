import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { UnitDialog } from "~/components/admin/unidades/unit-dialog";
import { UnitsList } from "~/components/admin/unidades/units-list";
import type { AdminHandle } from "~/domain/permissions";
import { adminAction, requireCapability } from "~/modules/accounts/index.server";
import { UNIT_INVALID, unitSchema } from "~/modules/shop";
import { createUnit, listUnits, updateUnit } from "~/modules/shop/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { loadOrFail } from "~/platform/admin/load.server";
import type { Route } from "./+types/unidades";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "unidades.editar" } satisfies AdminHandle;

export const meta = adminMeta("Unidades");

const LOAD_ERROR = "Erro ao carregar unidades";

/** What the form can ask: a new unit, or one saved over (anything else: 'Ação desconhecida'). */

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  return { units: await loadOrFail(LOAD_ERROR, () => listUnits()) };
}

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
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Unidades"
        description="Endereços, horários, retirada e entregas de cada unidade. O site mostra as unidades ativas."
        className="mb-0"
        actions={<UnitDialog />}
      />
      <UnitsList units={loaderData.units} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Unidades" message={LOAD_ERROR} />;
}
