import { data } from "react-router";
import { ErrorPage } from "~/components/site/error-page";
import { logger } from "~/platform/logger.server";
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
    <ErrorPage
      title="Página não encontrada"
      message="O endereço que você procurou não existe ou foi removido."
    >
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
    </ErrorPage>
  );
}
