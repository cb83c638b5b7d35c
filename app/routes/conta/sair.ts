// POST /conta/sair: "Sair" (this device) or "Sair de todos os aparelhos" (every session of the
// account, this one included), then the store with a toast. A plain form's POST.
import { redirect } from "react-router";
import {
  clearCustomerCookie,
  endAllCustomerSessions,
  endCustomerSession,
  getCustomer,
} from "~/modules/customers/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/sair";

export function loader() {
  return redirect("/conta");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const session = await getCustomer(request);
  if (!session) return redirect("/conta/entrar");
  if (form.get("intent") === "todos") {
    await endAllCustomerSessions(session.cliente.id);
    return redirectWithToast(
      "/loja",
      { type: "success", title: "Você saiu da conta em todos os aparelhos." },
      { headers: { "Set-Cookie": clearCustomerCookie(request) } },
    );
  }
  const cleared = await endCustomerSession(request);
  return redirectWithToast(
    "/loja",
    { type: "success", title: "Você saiu da conta neste aparelho." },
    { headers: { "Set-Cookie": cleared } },
  );
}
