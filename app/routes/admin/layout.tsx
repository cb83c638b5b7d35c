import { data, isRouteErrorResponse, Link, Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { TwoFactorBanner } from "~/components/admin/equipe/two-factor-banner";
import { privateMeta } from "~/components/admin/meta";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { twoFactorDue } from "~/modules/accounts";
import { requireAdmin } from "~/modules/accounts/index.server";
import { latestAlertId } from "~/modules/alerts/index.server";
import { rememberSiteAddress } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  let user: Awaited<ReturnType<typeof requireAdmin>>["user"];
  try {
    ({ user } = await requireAdmin(request));
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "verificação de permissões falhou");
    throw data({ message: "Erro ao verificar permissões" }, { status: 503 });
  }
  // The site's address for e-mail links is the one the shop's admins use (decision 0057).
  await rememberSiteAddress(request);
  return {
    email: user.email,
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Erro inesperado. Tente novamente.";
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <p className="text-slate-600">Recarregue a página ou entre novamente.</p>
      <Link
        to="/admin/login"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        Ir para o login
      </Link>
    </main>
  );
}
