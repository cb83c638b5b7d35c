// One "compra programada" behind a reminder's signed link (issue 45 points 2 and 3, decision
// 0086): the same card and one-click actions as the account, for whoever holds the link (the
// mailbox it went to) or the signed-in owner. A forged or altered link finds nothing.
import { data, useLoaderData } from "react-router";
import { SubscriptionCard } from "~/components/conta/subscription-card";
import type { HydrationHandle } from "~/lib/hydration";
import { getCustomer } from "~/modules/customers/index.server";
import {
  ownsSubscription,
  payNow,
  subscriptionAction,
  subscriptionView,
  validSubscriptionToken,
} from "~/modules/subscriptions/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/assinatura";

export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: "Compra programada" }, { name: "robots", content: "noindex" }];
}

async function allowed(request: Request, id: string, token: string | null): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  if (validSubscriptionToken(id, token)) return true;
  const session = await getCustomer(request);
  return session ? ownsSubscription(session.cliente.id, id) : false;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  if (!(await allowed(request, params.id, token))) {
    throw data("Link inválido ou expirado. Entre na sua conta para ver suas assinaturas.", {
      status: 404,
    });
  }
  const view = (await subscriptionView(params.id))!;
  return data(
    {
      token: token ?? undefined,
      assinatura: {
        id: view.assinatura.id,
        estado: view.assinatura.estado,
        intervaloDias: view.assinatura.intervaloDias,
        proximaData: view.assinatura.proximaData,
        pausadaAte: view.assinatura.pausadaAte,
        lembretes: view.assinatura.lembretes,
        protocolo: view.assinatura.protocoloCancelamento,
        itens: view.itens,
        ciclos: view.ciclos.map((c) => ({
          id: c.id,
          data: c.data,
          estado: c.estado,
          motivo: c.motivo,
        })),
        escolhas: view.escolhas,
      },
    },
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const token = fields.t ?? null;
  if (!(await allowed(request, params.id, token))) {
    throw data("Link inválido ou expirado.", { status: 404 });
  }
  const result = await subscriptionAction(params.id, fields, payNow);
  const back = `/conta/assinaturas/${params.id}${token ? `?${new URLSearchParams({ t: token })}` : ""}`;
  return redirectWithToast(
    back,
    { type: result.ok ? "success" : "error", title: result.message },
    { status: 303 },
  );
}

export default function SubscriptionByLink() {
  const { assinatura, token } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Sua compra programada</h1>
      <SubscriptionCard s={assinatura} token={token} />
    </main>
  );
}
