// /admin/curriculos: job applications (SPEC §2.3): counts, list, status, private download.

import { ResumeList } from "~/components/admin/curriculos/resume-list";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { pageParam } from "~/domain/pagination";
import type { AdminHandle } from "~/domain/permissions";
import { adminAction, requireCapability } from "~/modules/accounts/index.server";
import { listResumes, setResumeStatus } from "~/modules/careers/index.server";
import { adminIntent, fail } from "~/platform/admin/action.server";
import { resumeStatusSchema } from "~/schemas/status";
import type { Route } from "./+types/curriculos";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "curriculos.ver" } satisfies AdminHandle;

export const meta = adminMeta("Currículos");

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
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
}

export const action = adminAction(
  {
    "resume-status": adminIntent({
      schema: resumeStatusSchema,
      refusal: (_error, intent) => fail(intent, "Erro ao atualizar status"),
      failure: "Erro ao atualizar status",
      run: async (data, { actor }) => {
        await setResumeStatus(data.id, data.status, actor);
        return "Status atualizado";
      },
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
      <ResumeList
        counts={loaderData.counts}
        resumes={loaderData.resumes}
        page={loaderData.page}
        pageSize={loaderData.pageSize}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Currículos" message="Erro ao carregar currículos" />;
}
