// /admin/rotinas: the periodic jobs (decision 0060), for the owner. Every admin is the owner
// today; staff roles will narrow who sees it.
import { adminPage } from "~/components/admin/page";
import { type JobItem, JobList, type JobRunItem } from "~/components/admin/rotinas/job-list";
import { AdminScreen } from "~/components/admin/screen";
import { formatDateTime } from "~/domain/dates";
import { adminLoader } from "~/modules/accounts/index.server";
import { type JobRunView, jobsOverview } from "~/platform/jobs/overview.server";
import type { Route } from "./+types/rotinas";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Rotinas automáticas",
  capability: "rotinas.ver",
  failure: "Erro ao carregar as rotinas",
});

function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function runItem(run: JobRunView): JobRunItem {
  const counts = Object.entries(run.counts ?? {});
  return {
    inicio: formatDateTime(run.startedAt),
    resultado: run.outcome,
    duracao: run.durationMs === null ? null : durationText(run.durationMs),
    contagens: counts.length ? counts.map(([k, n]) => `${k}: ${n}`).join(", ") : null,
    erro: run.error,
  };
}

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { reads }) => {
  const jobs = await reads(() => jobsOverview());
  return {
    rotinas: jobs.map(
      (job): JobItem => ({
        id: job.id,
        nome: job.label,
        intervalo: job.interval,
        ativa: job.enabled,
        ultima: job.last ? runItem(job.last) : null,
        proxima: job.next ? formatDateTime(job.next) : null,
        falhas: job.failures.map(runItem),
      }),
    ),
  };
});

export default function Rotinas({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen
      width="6xl"
      title="Rotinas automáticas"
      description="O que o sistema faz sozinho, de tempos em tempos: quando rodou, como terminou e quando roda de novo (horário de Brasília)."
    >
      <JobList jobs={loaderData.rotinas} />
    </AdminScreen>
  );
}
