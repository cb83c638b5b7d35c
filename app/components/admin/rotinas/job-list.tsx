// The periodic jobs as the owner reads them (/admin/rotinas): one card per job, its last run,
// the next one and its recent failures. One column on a phone, two from md up.
import { AlertTriangle, Clock } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { SectionCard } from "~/components/ui/card";

export interface JobRunItem {
  inicio: string;
  resultado: "ok" | "failed" | "timeout" | "running" | "interrupted";
  duracao: string | null;
  contagens: string | null;
  erro: string | null;
}

export interface JobItem {
  id: string;
  nome: string;
  intervalo: string;
  ativa: boolean;
  ultima: JobRunItem | null;
  proxima: string | null;
  falhas: JobRunItem[];
}

const OUTCOME: Record<
  JobRunItem["resultado"],
  { label: string; variant: "green" | "red" | "warning" | "blue" | "secondary" }
> = {
  ok: { label: "Concluída", variant: "green" },
  failed: { label: "Falhou", variant: "red" },
  timeout: { label: "Tempo esgotado", variant: "warning" },
  running: { label: "Rodando", variant: "blue" },
  interrupted: { label: "Interrompida", variant: "secondary" },
};

function OutcomeBadge({ run }: { run: JobRunItem }) {
  const { label, variant } = OUTCOME[run.resultado];
  return <Badge variant={variant}>{label}</Badge>;
}

export function JobList({ jobs }: { jobs: JobItem[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.id} className="min-w-0">
          <SectionCard
            title={job.nome}
            icon={Clock}
            description={
              job.ativa ? job.intervalo : `${job.intervalo} · desligada nesta instalação`
            }
            className="h-full"
          >
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-semibold text-slate-700">Última execução</dt>
                <dd className="flex flex-wrap items-center gap-2 break-words">
                  {job.ultima ? (
                    <>
                      <span>{job.ultima.inicio}</span>
                      <OutcomeBadge run={job.ultima} />
                      {job.ultima.duracao ? <span>em {job.ultima.duracao}</span> : null}
                      {job.ultima.contagens ? (
                        <span className="text-slate-600">{job.ultima.contagens}</span>
                      ) : null}
                    </>
                  ) : (
                    <span className="text-slate-600">Ainda não rodou</span>
                  )}
                </dd>
                {job.ultima?.erro ? (
                  <dd className="mt-1 break-words text-red-700">{job.ultima.erro}</dd>
                ) : null}
              </div>
              <div>
                <dt className="font-semibold text-slate-700">Próxima execução</dt>
                <dd>
                  {!job.ativa
                    ? "—"
                    : job.ultima?.resultado === "running"
                      ? "depois da que está rodando"
                      : (job.proxima ?? "quando o servidor iniciar")}
                </dd>
              </div>
            </dl>
            {job.falhas.length > 0 ? (
              <div className="mt-4">
                <h3 className="flex items-center gap-1 text-sm font-semibold text-red-800">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  Falhas recentes (7 dias)
                </h3>
                <ul className="mt-2 grid gap-2 text-sm">
                  {job.falhas.map((falha) => (
                    <li key={falha.inicio} className="rounded-xl bg-red-50 p-2">
                      <span className="flex flex-wrap items-center gap-2">
                        {falha.inicio} <OutcomeBadge run={falha} />
                      </span>
                      {falha.erro ? (
                        <span className="block break-words text-red-800">{falha.erro}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </SectionCard>
        </li>
      ))}
    </ul>
  );
}
