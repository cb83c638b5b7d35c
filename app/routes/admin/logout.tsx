import { redirect } from "react-router";
import { AUTH_MESSAGES, clearSessionCookie, logout } from "~/modules/accounts/index.server";
import { logger } from "~/platform/logger.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const inactivity = form.get("motivo") === "inatividade";
  try {
    const { headers } = await logout(request, inactivity ? "inactivity" : "user");
    if (inactivity) return redirect("/admin/login?motivo=inatividade", { headers });
    return redirectWithToast(
      "/admin/login",
      { type: "success", title: AUTH_MESSAGES.logout },
      { headers },
    );
  } catch (error) {
    logger.error({ err: error }, "logout falhou");
    return redirectWithToast(
      "/admin/login",
      { type: "error", title: AUTH_MESSAGES.logoutError },
      { headers: { "Set-Cookie": clearSessionCookie(request) } },
    );
  }
}

export async function loader() {
  return redirect("/admin/login");
}
