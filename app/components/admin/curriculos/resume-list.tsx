import { ResumeDownload } from "~/components/admin/curriculos/resume-download";
import { CardList, StatusSelect } from "~/components/admin/list-view";
import { Pagination } from "~/components/admin/pagination";
import { Card } from "~/components/ui/card";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatDateTime } from "~/domain/dates";
import { formatPhoneDisplay } from "~/domain/phone";
import { STATUS_CURRICULO, STATUS_CURRICULO_LABEL, vagaLabel } from "~/domain/statuses";

type Status = (typeof STATUS_CURRICULO)[number];

interface Resume {
  id: string;
  nomeCompleto: string;
  email: string;
  telefone: string;
  vaga: string;
  mensagem: string;
  status: Status;
  createdAt: string | Date;
  temArquivo: boolean;
}

export function ResumeList({
  counts,
  resumes,
  page,
  pageSize,
}: {
  counts: Record<Status | "total", number>;
  resumes: Resume[];
  page: number;
  pageSize: number;
}) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {(["total", ...STATUS_CURRICULO] as const).map((s) => (
          <Card key={s} className="p-4">
            <dt className="text-sm text-slate-600">
              {s === "total" ? "Total" : STATUS_CURRICULO_LABEL[s]}
            </dt>
            <dd className="text-2xl font-bold text-slate-900">{counts[s]}</dd>
          </Card>
        ))}
      </dl>
      <CardList
        items={resumes}
        label="Currículos"
        empty="Nenhum currículo recebido ainda."
        cardClassName="grid gap-3 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        {(r) => (
          <>
            <div className="grid gap-1 text-sm">
              <h2 className="flex flex-wrap items-center gap-2 text-base font-bold text-slate-900">
                {r.nomeCompleto}
                <StatusBadge of="curriculo" value={r.status} />
              </h2>
              <p>
                Vaga: {vagaLabel(r.vaga)} · enviado em {formatDateTime(r.createdAt)}
              </p>
              <p>
                <a className="text-brand-700 underline" href={`mailto:${r.email}`}>
                  {r.email}
                </a>{" "}
                · {formatPhoneDisplay(r.telefone)}
              </p>
              {r.mensagem ? (
                <p className="whitespace-pre-line text-slate-700">{r.mensagem}</p>
              ) : null}
            </div>
            <StatusSelect
              id={`status-${r.id}`}
              label="Status"
              itemId={r.id}
              current={r.status}
              values={STATUS_CURRICULO}
              labels={STATUS_CURRICULO_LABEL}
            />
            {r.temArquivo ? (
              <ResumeDownload id={r.id} nome={r.nomeCompleto} />
            ) : (
              <span className="text-sm text-slate-600">Sem arquivo</span>
            )}
          </>
        )}
      </CardList>
      <Pagination page={page} total={counts.total} pageSize={pageSize} />
    </div>
  );
}
