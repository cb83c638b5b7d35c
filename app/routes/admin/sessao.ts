// Keep-alive: the open panel posts here (at most once a minute) while the admin is
// active, so the server's idle clock follows the browser's.
import type { AdminHandle } from "~/domain/permissions";
import { adminAction, requireCapability } from "~/modules/accounts/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/sessao";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "painel.entrar" } satisfies AdminHandle;

const alive = () => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });

// The panel's post names no intent: the one it means is "manter" (keep the session).
export const action = adminAction(
  { manter: adminIntent({ failure: "Erro ao manter a sessão", run: async () => alive() }) },
  { capability: handle.capability, defaultIntent: "manter" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  return alive();
}
