// GET /admin/servicos/pets/:id/vacinas/:vacinaId: a vaccine's proof image for the staff who
// check it (issue 42). Private, never cached.
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { vaccineProof } from "~/modules/customers/index.server";
import type { Route } from "./+types/servicos-pet-comprovante";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "agenda.ver" } satisfies AdminHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  const image = await vaccineProof(params.id, params.vacinaId, null);
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
