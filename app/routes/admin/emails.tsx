// /admin/emails: "E-mails enviados", every message of the outbox, the newest first.

import { EmailList } from "~/components/admin/emails/email-views";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { formatDateTime } from "~/domain/dates";
import { pageParam } from "~/domain/pagination";
import { loadOrFail, requireAdmin } from "~/modules/accounts/index.server";
import { EMAILS_PAGE_SIZE, listEmails } from "~/modules/mail/index.server";
import { ORDER_EMAIL_LABEL } from "~/modules/orders";
import type { Route } from "./+types/emails";

export const meta = adminMeta("E-mails enviados");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const list = await loadOrFail("Erro ao carregar os e-mails", () =>
    listEmails(pageParam(new URL(request.url))),
  );
  return {
    ...list,
    pageSize: EMAILS_PAGE_SIZE,
    emails: list.emails.map((e) => ({
      ...e,
      tipo: ORDER_EMAIL_LABEL[e.tipo as keyof typeof ORDER_EMAIL_LABEL] ?? e.tipo,
      data: formatDateTime(e.createdAt),
      enviadoEm: e.enviadoEm ? formatDateTime(e.enviadoEm) : null,
    })),
  };
}

export default function Emails({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title="E-mails enviados"
        description={
          loaderData.smtp
            ? "Confirmações e avisos de pedidos enviados aos clientes e à loja."
            : "Nenhum servidor SMTP configurado (SMTP_URL): as mensagens ficam guardadas em arquivos .eml na pasta de dados, e você as vê aqui como os clientes as veriam."
        }
      />
      <EmailList
        emails={loaderData.emails}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="E-mails enviados" message="Erro ao carregar os e-mails" />;
}
