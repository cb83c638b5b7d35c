// "E-mails enviados": the outbox's messages, the newest first, and one message as it went
// out (its HTML in a sandboxed frame: no script, no navigation, nothing of the panel).

import { Link } from "react-router";
import { EmptyList } from "~/components/admin/list-view";
import { Pagination } from "~/components/admin/pagination";
import { ToneBadge } from "~/components/ui/status-badge";
import { EMAIL_STATUS, type StatusEmail } from "~/modules/mail";

export interface EmailRow {
  id: string;
  tipo: string;
  destinatario: string;
  assunto: string | null;
  status: StatusEmail;
  tentativas: number;
  erro: string | null;
  data: string;
  enviadoEm: string | null;
}

function EmailStatus({ status }: { status: StatusEmail }) {
  return <ToneBadge tone={EMAIL_STATUS.tone[status]}>{EMAIL_STATUS.label[status]}</ToneBadge>;
}

export function EmailList(props: {
  emails: EmailRow[];
  total: number;
  page: number;
  pageSize: number;
}) {
  if (props.emails.length === 0) {
    return <EmptyList>Nenhum e-mail ainda. Os e-mails dos pedidos aparecem aqui.</EmptyList>;
  }
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="E-mails, do mais recente ao mais antigo">
        {props.emails.map((e) => (
          <li
            key={e.id}
            className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={`/admin/emails/${e.id}`}
                className="font-semibold text-slate-900 underline-offset-2 hover:underline"
              >
                {e.assunto ?? "(ainda não montado)"}
              </Link>
              <span className="text-slate-600">{e.data}</span>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-slate-700">
              <EmailStatus status={e.status} />
              <span className="break-all">{e.destinatario}</span>
              <span className="text-slate-500">· {e.tipo}</span>
            </div>
            {e.erro && e.status !== "enviado" && e.status !== "arquivado" ? (
              <p className="break-all text-red-700">
                Tentativas: {e.tentativas} · {e.erro}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <Pagination page={props.page} total={props.total} pageSize={props.pageSize} />
    </div>
  );
}

export function EmailMessage(props: {
  email: EmailRow & { html: string | null; texto: string | null; arquivo: string | null };
}) {
  const { email } = props;
  return (
    <div className="grid gap-4">
      <dl className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
        <div>
          <dt className="inline font-semibold">Para: </dt>
          <dd className="inline break-all">{email.destinatario}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Tipo: </dt>
          <dd className="inline">{email.tipo}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Situação: </dt>
          <dd className="inline">
            <EmailStatus status={email.status} />
            {email.enviadoEm ? ` em ${email.enviadoEm}` : ""}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Criado: </dt>
          <dd className="inline">{email.data}</dd>
        </div>
        {email.arquivo ? (
          <div>
            <dt className="inline font-semibold">Arquivo: </dt>
            <dd className="inline break-all">mail/{email.arquivo}</dd>
          </div>
        ) : null}
        {email.erro ? (
          <div className="text-red-700">
            <dt className="inline font-semibold">Último erro: </dt>
            <dd className="inline break-all">{email.erro}</dd>
          </div>
        ) : null}
      </dl>
      {email.html ? (
        <iframe
          title={`Mensagem: ${email.assunto ?? ""}`}
          sandbox=""
          srcDoc={email.html}
          className="h-[70vh] w-full rounded-2xl border border-slate-200 bg-white"
        />
      ) : (
        <EmptyList>
          {email.status === "pendente"
            ? "A mensagem é montada no primeiro envio."
            : "O conteúdo foi apagado depois do prazo de guarda (Privacidade)."}
        </EmptyList>
      )}
      {email.texto ? (
        <details className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-semibold">Versão em texto</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words">{email.texto}</pre>
        </details>
      ) : null}
    </div>
  );
}
