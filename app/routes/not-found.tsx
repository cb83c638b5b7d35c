import { data, Link } from "react-router";
import { logger } from "~/infra/logger.server";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  // The missing path is logged (SPEC §2.1) and answered with a real 404.
  logger.warn({ path: new URL(request.url).pathname }, "página não encontrada");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Página não encontrada | Agropet Litoral" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Página não encontrada</h1>
      <p className="text-slate-600">O endereço que você procurou não existe ou foi removido.</p>
      <Link
        reloadDocument
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        Voltar para o início
      </Link>
    </main>
  );
}
