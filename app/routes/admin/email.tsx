// /admin/emails/:id: one message as it went out.
import { data, href, Link } from "react-router";
import { EmailMessage } from "~/components/admin/emails/email-views";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/domain/dates";
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { emailKindLabel, getEmail } from "~/modules/mail/index.server";
import { loadOrFail } from "~/platform/admin/load.server";
import type { Route } from "./+types/email";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "emails.ver" } satisfies AdminHandle;

export const meta = adminMeta("E-mail");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  const email = await loadOrFail("Erro ao carregar o e-mail", () => getEmail(params.id));
  if (!email) throw data({ message: "E-mail não encontrado" }, { status: 404 });
  return {
    email: {
      ...email,
      tipo: emailKindLabel(email.tipo),
      data: formatDateTime(email.createdAt),
      enviadoEm: email.enviadoEm ? formatDateTime(email.enviadoEm) : null,
    },
  };
}

export default function Email({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title={loaderData.email.assunto ?? "E-mail"}
        actions={
          <Link to={href("/admin/emails")} className={buttonVariants({ variant: "outline" })}>
            Voltar aos e-mails
          </Link>
        }
      />
      <EmailMessage email={loaderData.email} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="E-mail" message="Erro ao carregar o e-mail" />;
}
