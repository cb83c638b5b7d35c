// The staff's live alerts (Server-Sent Events): new orders, grooming requests and resumes,
// and charges paid after their order closed. The admin layout's script listens here.
import { type AdminHandle, type Capacidade, pode } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import type { Aviso } from "~/modules/alerts";
import { alertStream } from "~/modules/alerts/index.server";
import type { Route } from "./+types/avisos";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "painel.entrar" } satisfies AdminHandle;

/** Each alert goes only to who may open the screen it points to. */
const AVISO_CAPACIDADE: Record<Aviso["tipo"], Capacidade> = {
  pedido: "pedidos.ver",
  pago_apos_cancelamento: "pedidos.ver",
  contestacao: "pedidos.ver",
  // The online orders a counter sale put at risk (decision 0089): who serves the orders hears.
  reserva_em_risco: "pedidos.ver",
  servico: "orcamentos.atender",
  curriculo: "curriculos.ver",
};

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  return alertStream(request, (aviso) => pode(user.papel, AVISO_CAPACIDADE[aviso.tipo]));
}
