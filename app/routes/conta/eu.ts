// GET /conta/eu -> who is signed in on this device (JSON), for the header's "Minha conta"
// (the account-link island). The shared page cache keeps the public pages the same for
// everyone (decision 0072): the personal part comes from here, never kept by anyone.
import { getCustomer } from "~/modules/customers/index.server";
import type { Route } from "./+types/eu";

const PERSONAL = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCustomer(request);
  if (!session) return Response.json({ entrou: false }, { headers: PERSONAL });
  // The first name only: what the header shows.
  const nome = session.cliente.nome.trim().split(/\s+/)[0] || null;
  return Response.json({ entrou: true, nome }, { headers: PERSONAL });
}
