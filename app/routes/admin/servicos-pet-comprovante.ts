// GET /admin/servicos/pets/:id/vacinas/:vacinaId: a vaccine's proof image for the staff who
// check it (issue 42). Private, never cached.
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { vaccineProofResponse } from "~/modules/customers/index.server";
import type { Route } from "./+types/servicos-pet-comprovante";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "agenda.ver" } satisfies AdminHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  return vaccineProofResponse(params.id, params.vacinaId, null);
}
