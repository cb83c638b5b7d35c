// GET /conta/pets/:id/vacinas/:vacinaId: a vaccine's proof image, for the pet's customer only
// (another customer's, or no session, is the same 404). Private, never cached by others.
import { requireCustomer, vaccineProofResponse } from "~/modules/customers/index.server";
import type { Route } from "./+types/pet-comprovante";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  return vaccineProofResponse(params.id, params.vacinaId, cliente.id);
}
