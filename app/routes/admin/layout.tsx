import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { TwoFactorBanner } from "~/components/admin/equipe/two-factor-banner";
import { privateMeta } from "~/components/admin/meta";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { ACESSO_NEGADO, type AdminHandle } from "~/domain/permissions";
import { twoFactorDue } from "~/modules/accounts";
import { requireCapability } from "~/modules/accounts/index.server";
import { latestAlertId } from "~/modules/alerts/index.server";
import { rememberSiteAddress } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/layout";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "painel.entrar" } satisfies AdminHandle;

export async function loader({ request }: Route.LoaderArgs) {
  let user: Awaited<ReturnType<typeof requireCapability>>["user"];
  try {
    ({ user } = await requireCapability(request, handle.capability));
  } catch (error) {
    // A redirect to the login or a refusal (403) goes as is.
    if (error instanceof Response || isDataWithStatus(error)) throw error;
    logger.error({ err: error }, "verificação de permissões falhou");
    throw data({ message: "Erro ao verificar permissões" }, { status: 503 });
  }
  // The site's address for e-mail links is the one the shop's admins use (decision 0057).
  await rememberSiteAddress(request);
  return {
    email: user.email,
    // What the menus show (the server checks every request again).
    papel: user.papel,
    sidebarOpen: readSidebarOpen(request.headers.get("cookie")),
    // The live alerts start after what this page already shows.
    avisosDesde: await latestAlertId(),
    // Dono and Gerente without 2FA: the days left before sign-in requires it (decision 0067).
    doisFatores: twoFactorDue(user, now()),
  };
}

// Admin pages are never stored by browsers or proxies (nor shown again by Back after 'Sair').
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta = privateMeta("Painel Administrativo");

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      email={loaderData.email}
      sidebarOpen={loaderData.sidebarOpen}
      avisosDesde={loaderData.avisosDesde}
    >
      <TwoFactorBanner due={loaderData.doisFatores} />
      <Outlet />
    </AdminShell>
  );
}

function isDataWithStatus(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A person whose role lacks the area: the panel's start, not the login (decision 0068).
  const denied = isRouteErrorResponse(error) && error.status === 403;
  const message = denied
    ? ACESSO_NEGADO
    : isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Erro inesperado. Tente novamente.";
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <p className="text-slate-600">
        {denied
          ? "Peça a quem administra a equipe se precisar desta área."
          : "Recarregue a página ou entre novamente."}
      </p>
      <Link
        to={denied ? "/admin/dashboard" : "/admin/login"}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        {denied ? "Ir para o início do painel" : "Ir para o login"}
      </Link>
    </main>
  );
}
