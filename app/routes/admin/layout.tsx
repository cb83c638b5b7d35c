import { Outlet } from "react-router";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  return { email: user.email };
}

export default function AdminLayout() {
  return <Outlet />;
}
