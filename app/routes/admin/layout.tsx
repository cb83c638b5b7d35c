import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarOpen } from "~/components/admin/sidebar-state";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  return { email: user.email, sidebarOpen: readSidebarOpen(request.headers.get("cookie")) };
}

export function meta() {
  return [
    { title: "Painel Administrativo | Agropet Litoral" },
    { name: "robots", content: "noindex" },
  ];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell email={loaderData.email} sidebarOpen={loaderData.sidebarOpen}>
      <Outlet />
    </AdminShell>
  );
}
