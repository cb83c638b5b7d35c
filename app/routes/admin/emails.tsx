// /admin/emails: "E-mails enviados", every message of the outbox, the newest first, and the
// SMTP server they go out through.

import { EmailList } from "~/components/admin/emails/email-views";
import { SmtpSettings } from "~/components/admin/emails/smtp-settings";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { shop } from "~/content/shop";
import { formatDateTime } from "~/domain/dates";
import { pageParam } from "~/domain/pagination";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { mailSettingsSchema } from "~/modules/mail";
import {
  EMAILS_PAGE_SIZE,
  emailKindLabel,
  getMailSettingsView,
  listEmails,
  saveMailSettings,
} from "~/modules/mail/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/emails";

const TITLE = "E-mails enviados";
export const { handle, meta, ErrorBoundary } = adminPage({
  title: TITLE,
  capability: "emails.ver",
  failure: "Erro ao carregar os e-mails",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs, { reads }) => {
  const [list, smtp] = await reads(() =>
    Promise.all([listEmails(pageParam(new URL(request.url))), getMailSettingsView(shop.name)]),
  );
  return {
    ...list,
    smtp,
    pageSize: EMAILS_PAGE_SIZE,
    emails: list.emails.map((e) => ({
      ...e,
      tipo: emailKindLabel(e.tipo),
      data: formatDateTime(e.createdAt),
      enviadoEm: e.enviadoEm ? formatDateTime(e.enviadoEm) : null,
    })),
  };
});

export const action = adminAction(
  {
    smtp: adminIntent({
      // The e-mail server is a setting of the site: the owner's.
      capability: "site.configurar",
      schema: mailSettingsSchema,
      failure: "Erro ao salvar o servidor de envio",
      run: async (data, { actor }) => {
        await saveMailSettings(data, actor, shop.name);
        return "Servidor de envio salvo";
      },
    }),
  },
  { capability: handle.capability },
);

export default function Emails({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader
        title={TITLE}
        description={
          loaderData.smtp.smtpAtivo
            ? "Confirmações e avisos de pedidos enviados aos clientes e à loja."
            : "Nenhum servidor SMTP configurado: as mensagens ficam guardadas em arquivos .eml na pasta de dados, e você as vê aqui como os clientes as veriam."
        }
      />
      <SmtpSettings values={loaderData.smtp} result={actionData} />
      <EmailList
        emails={loaderData.emails}
        total={loaderData.total}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
      />
    </div>
  );
}
