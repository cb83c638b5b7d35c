// GET /admin/privacidade/exportar?titular=<phone or e-mail>: everything the shop holds about
// one person, as a streamed ZIP (audited).

import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { subjectSchema } from "~/modules/privacy";
import { exportSubjectZip, parseSubject } from "~/modules/privacy/index.server";
import type { Route } from "./+types/privacidade-exportar";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "privacidade.gerenciar" } satisfies AdminHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  const parsed = subjectSchema.safeParse({
    titular: new URL(request.url).searchParams.get("titular") ?? "",
  });
  if (!parsed.success) {
    return new Response(parsed.error.issues[0]!.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const subject = parseSubject(parsed.data.titular);
  const stream = await exportSubjectZip(subject, { request, userId: user.id });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="dados-titular-${date}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
