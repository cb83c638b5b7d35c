// /admin/emails/:id: one message as it went out.
import { data, href } from "react-router";
import { EmailMessage } from "~/components/admin/emails/email-views";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { formatDateTime } from "~/domain/dates";
import { adminLoader } from "~/modules/accounts/index.server";
import { emailKindLabel, getEmail } from "~/modules/mail/index.server";
import type { Route } from "./+types/email";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "E-mail",
  capability: "emails.ver",
  failure: "Erro ao carregar o e-mail",
});

export const loader = adminLoader(handle, async ({ params }: Route.LoaderArgs, { reads }) => {
  const email = await reads(() => getEmail(params.id));
  if (!email) throw data({ message: "E-mail não encontrado" }, { status: 404 });
  return {
    email: {
      ...email,
      tipo: emailKindLabel(email.tipo),
      data: formatDateTime(email.createdAt),
      enviadoEm: email.enviadoEm ? formatDateTime(email.enviadoEm) : null,
    },
  };
});

export default function Email({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title={loaderData.email.assunto ?? "E-mail"}
        back={{ to: href("/admin/emails"), label: "Voltar aos e-mails" }}
      />
      <EmailMessage email={loaderData.email} />
    </div>
  );
}
