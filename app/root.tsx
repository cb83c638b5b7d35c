import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast } from "sonner";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "~/components/site/error-page";
import { Toaster } from "~/components/ui/toaster";
import { useDocumentLoadOfIslandPages, usePageHydrates } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { configureZod } from "~/lib/zod-config";
import { readToast, type Toast } from "~/platform/toast.server";

configureZod({ browser: typeof document !== "undefined" });

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  return data({ toast }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Pages whose route declares `handle = { hydrate: false }` are served as plain HTML: no
  // React, no module scripts; a flash toast is then shown as a server-rendered status message.
  const hydrates = usePageHydrates();
  const nonce = useNonce();
  const toast = useRouteLoaderData<typeof loader>("root")?.toast;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {!hydrates && toast ? <StaticToast toast={toast} /> : null}
        {children}
        {hydrates ? (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** The flash toast of a page served without React: a plain status message on top. */
function StaticToast({ toast }: { toast: Toast }) {
  const tone =
    toast.type === "success"
      ? "border-brand-200 bg-brand-50 text-brand-900"
      : toast.type === "error"
        ? "border-red-200 bg-red-50 text-red-900"
        : "border-slate-200 bg-white text-slate-900";
  return (
    <div role="status" className={`border-b px-4 py-3 text-center text-sm ${tone}`}>
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p>{toast.description}</p> : null}
    </div>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  useDocumentLoadOfIslandPages();
  useEffect(() => {
    if (!toast) return;
    const show =
      toast.type === "success"
        ? showToast.success
        : toast.type === "error"
          ? showToast.error
          : showToast;
    show(toast.title, { description: toast.description });
  }, [toast]);
  return <Outlet />;
}

/** The pt-BR message a 503 or 422 carries (its JSON body, or the body's text). */
function unavailableMessage(body: unknown): string | undefined {
  if (body && typeof body === "object" && "message" in body) {
    const { message } = body as { message: unknown };
    if (typeof message === "string") return message;
  }
  if (typeof body !== "string") return undefined;
  try {
    return unavailableMessage(JSON.parse(body));
  } catch {
    return undefined;
  }
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A fault that passes (database out of reach, disk full): app/platform/unavailable.server.ts.
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // A write the database refused for its data (app/platform/unavailable-routes.server.ts).
  const refused = isRouteErrorResponse(error) && error.status === 422;
  const title = notFound
    ? "Página não encontrada"
    : unavailable
      ? "Serviço temporariamente indisponível"
      : refused
        ? "Dados não aceitos"
        : "Algo deu errado";
  const message = notFound
    ? "O endereço que você procurou não existe ou foi removido."
    : unavailable
      ? (unavailableMessage(error.data) ??
        "Estamos com uma instabilidade momentânea. Tente de novo em alguns instantes.")
      : refused
        ? (unavailableMessage(error.data) ?? "Um dos dados informados não foi aceito.")
        : "Tivemos um problema ao carregar esta página. Tente novamente em instantes.";
  if (!notFound && !unavailable && !refused) console.error(error);
  return (
    <ErrorPage title={title} message={message}>
      <title>{`${title} | Agropet Litoral`}</title>
    </ErrorPage>
  );
}
