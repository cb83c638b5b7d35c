import { redirect } from "react-router";
import { clearSessionCookie, deleteSession, getSessionState } from "~/server/auth.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const state = await getSessionState(request);
  if (state.status === "active") await deleteSession(state.session.id);
  return redirect("/admin/login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export async function loader() {
  return redirect("/admin/login");
}
