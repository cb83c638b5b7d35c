// "Entrar" (issue 42, decision 0072): the e-mail, then the 6-digit code sent to it. Plain
// forms (document POSTs), served without React like the store. Signed in already: the account.
import { LogInIcon, MailIcon } from "lucide-react";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { shop } from "~/content/shop";
import type { HydrationHandle } from "~/lib/hydration";
import {
  getCustomer,
  readSignInEmail,
  requestSignInCode,
  SIGN_IN_TEXTS,
  safeReturnPath,
  verifySignInCode,
} from "~/modules/customers/index.server";
import { readForm } from "~/platform/request-info.server";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/entrar";

export const handle: HydrationHandle = { hydrate: false };

const NO_STORE = { "Cache-Control": "private, no-store" };

export function headers() {
  return NO_STORE;
}

export function meta() {
  return [{ title: `Entrar | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

interface SignInView {
  etapa: "email" | "codigo";
  email: string;
  voltar: string;
  message: string | null;
  error: boolean;
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const voltar = safeReturnPath(params.get("voltar"));
  if (await getCustomer(request)) throw redirect(voltar);
  const view: SignInView = {
    etapa: "email",
    // Pre-filled from the code e-mail's link or the order page's "Criar conta": nothing more.
    email: (params.get("email") ?? "").slice(0, 254),
    voltar,
    message: null,
    error: false,
  };
  return data(view, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const voltar = safeReturnPath(form.get("voltar"));
  const typed = String(form.get("email") ?? "").slice(0, 254);
  const answer = (status: number, view: Omit<SignInView, "voltar">) =>
    data<SignInView>({ ...view, voltar }, { status, headers: NO_STORE });
  const email = readSignInEmail(typed);
  if (!email) {
    return answer(422, { etapa: "email", email: typed, message: SIGN_IN_TEXTS.email, error: true });
  }
  if (form.get("intent") === "verificar") {
    const result = await verifySignInCode(
      email,
      String(form.get("codigo") ?? "").slice(0, 20),
      request,
    );
    if (result.ok) throw redirect(voltar, { headers: { "Set-Cookie": result.setCookie } });
    const tooMany = result.reason === "limite";
    return answer(tooMany ? 429 : 422, {
      etapa: "codigo",
      email,
      message: tooMany ? SIGN_IN_TEXTS.tooMany : SIGN_IN_TEXTS.invalid,
      error: true,
    });
  }
  const sent = await requestSignInCode(email, request, { origem: siteOrigin(request) });
  if (!sent.ok) {
    return answer(429, { etapa: "email", email, message: SIGN_IN_TEXTS.tooMany, error: true });
  }
  return answer(200, { etapa: "codigo", email, message: SIGN_IN_TEXTS.sent, error: false });
}

export default function SignIn() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const view = (posted ?? loaded) as SignInView;
  return (
    <main className="mx-auto max-w-md px-4 py-6">
      <h1 className="text-2xl font-extrabold text-slate-900">Entrar</h1>
      <p className="mt-2 text-sm text-slate-600">
        Sem senha: enviamos um código para o seu e-mail. Com a conta você vê seus pedidos e
        agendamentos em qualquer aparelho. Comprar e agendar continuam possíveis sem conta.
      </p>
      {view.message ? (
        <p
          role={view.error ? "alert" : "status"}
          className={`mt-4 rounded-lg p-3 text-sm font-medium ${
            view.error ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"
          }`}
          data-testid="entrar-mensagem"
        >
          {view.message}
        </p>
      ) : null}
      {view.etapa === "codigo" ? (
        <>
          <form method="post" className="mt-5 grid gap-4" data-testid="entrar-codigo">
            <input type="hidden" name="intent" value="verificar" />
            <input type="hidden" name="email" value={view.email} />
            <input type="hidden" name="voltar" value={view.voltar} />
            <p className="text-sm text-slate-700 wrap-anywhere">
              E-mail: <strong>{view.email}</strong>
            </p>
            <div className="grid gap-1.5">
              <Label htmlFor="codigo">Código de 6 dígitos</Label>
              <Input
                id="codigo"
                name="codigo"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                autoFocus
              />
            </div>
            <Button type="submit">
              <LogInIcon aria-hidden="true" />
              Entrar
            </Button>
          </form>
          <form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="codigo" />
            <input type="hidden" name="email" value={view.email} />
            <input type="hidden" name="voltar" value={view.voltar} />
            <Button type="submit" variant="outline">
              Enviar outro código
            </Button>
            <a
              href={`/conta/entrar?${new URLSearchParams({ voltar: view.voltar })}`}
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline"
            >
              Usar outro e-mail
            </a>
          </form>
        </>
      ) : (
        <form method="post" className="mt-5 grid gap-4" data-testid="entrar-email">
          <input type="hidden" name="intent" value="codigo" />
          <input type="hidden" name="voltar" value={view.voltar} />
          <div className="grid gap-1.5">
            <Label htmlFor="email">E-mail</Label>
            <Input
              id="email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              inputMode="email"
              defaultValue={view.email}
            />
          </div>
          <Button type="submit">
            <MailIcon aria-hidden="true" />
            Receber código por e-mail
          </Button>
        </form>
      )}
    </main>
  );
}
