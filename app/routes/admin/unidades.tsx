// /admin/unidades: the shop's units (decision 0027), listed and edited in a dialog. What is
// saved here is what the home, the footer, the contact page and the structured data show.
import { z } from "zod";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { UnitDialog } from "~/components/admin/unidades/unit-dialog";
import { UnitsList } from "~/components/admin/unidades/units-list";
import { requireAdmin } from "~/modules/accounts/index.server";
import { UNIT_INVALID, unitSchema } from "~/modules/shop";
import { createUnit, listUnits, updateUnit } from "~/modules/shop/index.server";
import { attempt, fail, invalid, ok, readAdminIntent } from "~/platform/admin/action.server";
import { loadOrFail } from "~/platform/admin/load.server";
import { CONTROL_CHARS_MESSAGE, fieldWithControlChars } from "~/schemas/text";
import type { Route } from "./+types/unidades";

export const meta = adminMeta("Unidades");

const LOAD_ERROR = "Erro ao carregar unidades";

/** What the form can ask: a new unit, or one saved over (anything else: 'Ação desconhecida'). */
const unitIntent = z.enum(["unit-create", "unit-update"]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { units: await loadOrFail(LOAD_ERROR, () => listUnits()) };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const asked = await readAdminIntent(request, unitIntent);
  if (asked.refusal) return asked.refusal;
  const { fields, intent } = asked;
  // A control character (a NUL byte above all) never reaches SQL.
  if (fieldWithControlChars(fields) !== null) return fail(intent, CONTROL_CHARS_MESSAGE);
  const parsed = unitSchema.safeParse(fields);
  if (!parsed.success) return invalid(intent, parsed.error, UNIT_INVALID);
  switch (intent) {
    case "unit-create":
      return attempt(intent, "Erro ao salvar unidade", async () => {
        const row = await createUnit(parsed.data, actor);
        return ok(intent, `Unidade ${row.nome} criada`);
      });
    case "unit-update":
      return attempt(intent, "Erro ao salvar unidade", async () => {
        const row = await updateUnit(fields.id ?? "", parsed.data, actor);
        return ok(intent, `Unidade ${row.nome} atualizada`);
      });
    default:
      return intent satisfies never;
  }
}

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
