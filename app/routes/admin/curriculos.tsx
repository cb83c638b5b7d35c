// /admin/curriculos: job applications (SPEC §2.3): counts, list, status, private download.

import { ResumeList } from "~/components/admin/curriculos/resume-list";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { pageParam } from "~/domain/pagination";
import { formFields } from "~/lib/forms";
import { requireAdmin } from "~/modules/accounts/index.server";
import { listResumes, setResumeStatus } from "~/modules/careers/index.server";
import { attempt, fail, ok } from "~/platform/admin/action.server";
import { readForm } from "~/platform/request-info.server";
import { resumeStatusSchema } from "~/schemas/status";
import type { Route } from "./+types/curriculos";

export const meta = adminMeta("Currículos");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
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

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const parsed = resumeStatusSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return fail("resume-status", "Erro ao atualizar status");
  return attempt("resume-status", "Erro ao atualizar status", async () => {
    await setResumeStatus(parsed.data.id, parsed.data.status, { request, userId: user.id });
    return ok("resume-status", "Status atualizado");
  });
}

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
