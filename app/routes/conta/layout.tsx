// "Minha conta" (issue 42): every page under it needs a signed-in customer (else "Entrar",
// coming back here after the code). Plain forms, served without React like the store.
import { Outlet, useLoaderData } from "react-router";
import { AccountNav } from "~/components/conta/account-nav";
import type { HydrationHandle } from "~/lib/hydration";
import { requireCustomer } from "~/modules/customers/index.server";
import type { Route } from "./+types/layout";

export const handle: HydrationHandle = { hydrate: false };

export async function loader({ request }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  return { email: cliente.email, nome: cliente.nome };
}

export default function AccountLayout() {
  const { email, nome } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Minha conta</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="conta-email">
        {nome ? `${nome} · ` : ""}
        {email}
      </p>
      <div className="mt-4">
        <AccountNav />
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </main>
  );
}
