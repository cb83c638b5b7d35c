// POST /conta/privacidade/baixar: "Baixar meus dados" (decision 0075). The same ZIP the
// admin's export makes, for the signed-in customer's verified e-mail only, a few a day.
// A POST (not a link): mail scanners and prefetchers never start a ZIP of someone's photos.
import { redirect } from "react-router";
import { allowOwnExport, requireCustomer } from "~/modules/customers/index.server";
import { exportSubjectZip } from "~/modules/privacy/index.server";
import { now } from "~/platform/clock.server";
import type { Route } from "./+types/privacidade-baixar";

export async function loader() {
  return redirect("/conta/privacidade");
}

export async function action({ request }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  if (!(await allowOwnExport(cliente.id))) return redirect("/conta/privacidade?limite=1");
  const stream = await exportSubjectZip(
    { kind: "email", email: cliente.email },
    { request, clienteId: cliente.id },
  );
  const date = now().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="meus-dados-${date}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
