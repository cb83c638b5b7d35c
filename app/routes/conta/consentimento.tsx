// "Parar de receber" from the foot of a customer e-mail (decision 0075): the link, signed for
// that e-mail and purpose, opens this page, whose button revokes the purpose; a mail client's
// one-click unsubscribe (List-Unsubscribe-Post) posts to the same address. No sign-in needed;
// a GET changes nothing (mail scanners open every link); a forged link is a 404.
import { data, Form, Link, useLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import type { HydrationHandle } from "~/lib/hydration";
import { revokeByLink } from "~/modules/customers/index.server";
import type { Route } from "./+types/consentimento";

export const handle: HydrationHandle = { hydrate: false };

const NOT_FOUND = "Link inválido";
const HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** The page names the e-mail's purpose and carries its signed link: kept by nobody. */
export function headers() {
  return HEADERS;
}

const linkOf = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return { titular: query.get("titular"), assinatura: query.get("assinatura") };
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { titular, assinatura } = linkOf(request);
  const found = await revokeByLink(params.finalidade, titular, assinatura, false);
  if (!found) throw data(NOT_FOUND, { status: 404, headers: HEADERS });
  return data({ ...found, agora: false }, { headers: HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { titular, assinatura } = linkOf(request);
  const found = await revokeByLink(params.finalidade, titular, assinatura, true, request);
  if (!found) throw data(NOT_FOUND, { status: 404, headers: HEADERS });
  return data({ ...found, agora: true }, { headers: HEADERS });
}

export function meta() {
  return [{ title: "Parar de receber e-mails" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function RevokeConsent({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const state = actionData ?? loaded;
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-4">
        <h1 className="text-xl font-extrabold sm:text-2xl">Parar de receber e-mails</h1>
        {state.revogado ? (
          <p className="mt-3" role="status">
            {state.agora ? "Pronto: " : ""}
            você não recebe mais {state.label}. Para voltar a receber, entre na sua conta em{" "}
            <Link to="/conta/privacidade" className="underline">
              Dados e privacidade
            </Link>
            .
          </p>
        ) : (
          <Form method="post" className="mt-3 grid gap-3">
            <p>Quer parar de receber {state.label}?</p>
            <Button type="submit" className="h-auto justify-self-start whitespace-normal">
              Parar de receber
            </Button>
          </Form>
        )}
      </section>
    </main>
  );
}
