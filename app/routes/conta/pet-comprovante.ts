// GET /conta/pets/:id/vacinas/:vacinaId: a vaccine's proof image, for the pet's customer only
// (another customer's, or no session, is the same 404). Private, never cached by others.
import { requireCustomer, vaccineProof } from "~/modules/customers/index.server";
import type { Route } from "./+types/pet-comprovante";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const image = await vaccineProof(params.id, params.vacinaId, cliente.id);
  if (!image) {
    return new Response("Comprovante não encontrado", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
