// /admin/curriculos: job applications (SPEC §2.3): counts, list, status, private download.

import { ResumeList } from "~/components/admin/curriculos/resume-list";
import { adminPage } from "~/components/admin/page";
import { pageParam } from "~/domain/pagination";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { listResumes, setResumeStatus } from "~/modules/careers/index.server";
import { resumeStatusSchema } from "~/schemas/status";
import type { Route } from "./+types/curriculos";
import { statusIntent } from "./status-intent.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Currículos",
  capability: "curriculos.ver",
  failure: "Erro ao carregar currículos",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs) => {
  const { resumes, counts, page, pageSize } = await listResumes({
    page: pageParam(new URL(request.url)),
  });
  return {
    counts,
    page,
    pageSize,
    resumes: resumes.map(({ curriculoUrl, ...r }) => ({
      ...r,
      temArquivo: curriculoUrl.startsWith("private:"),
    })),
  };
});

export const action = adminAction(
  {
    "resume-status": statusIntent({
      schema: resumeStatusSchema,
      set: setResumeStatus,
      success: "Status atualizado",
    }),
  },
  { capability: handle.capability, defaultIntent: "resume-status" },
);

export default function CurriculosAdmin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Currículos</h1>
        <p className="text-sm text-slate-600">Candidaturas enviadas em Trabalhe Conosco</p>
      </div>
      <ResumeList {...loaderData} />
    </div>
  );
}
