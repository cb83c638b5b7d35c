// GET /admin/curriculos/:id/download: the private resume file, for an admin session only.
// The session is checked on every request (no public or long-lived link); without one
// the admin lands on the login page with 'Sessão expirada. Faça login novamente.'. The
// file is always an attachment with nosniff: never shown inside the site's origin.

import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { attachmentHeader, readResumeFile } from "~/modules/careers/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/curriculo-download";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "curriculos.ver" } satisfies AdminHandle;

export const SESSION_EXPIRED = "Sessão expirada. Faça login novamente.";
const DOWNLOAD_ERROR = "Erro ao baixar currículo";

export async function loader({ request, params }: Route.LoaderArgs) {
  let user: Awaited<ReturnType<typeof requireCapability>>["user"];
  try {
    ({ user } = await requireCapability(request, handle.capability));
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("location") : null;
    if (thrown instanceof Response && location?.startsWith("/admin/login")) {
      const headers = new Headers();
      const clear = thrown.headers.get("set-cookie");
      if (clear) headers.append("Set-Cookie", clear);
      headers.set("Cache-Control", "private, no-store");
      return redirectWithToast(
        `/admin/login?${new URLSearchParams({ redirectTo: "/admin/curriculos" })}`,
        { type: "error", title: SESSION_EXPIRED },
        { headers },
      );
    }
    throw thrown;
  }
  const file = /^[0-9a-f-]{36}$/i.test(params.id)
    ? await readResumeFile(params.id, { request, userId: user.id })
    : null;
  if (!file) {
    // Opened as a page (new tab, no script): back to the list with the error, not a bare
    // text page. The list's button fetches the file and shows the same message as a toast.
    if (request.headers.get("sec-fetch-mode") === "navigate") {
      return redirectWithToast(
        "/admin/curriculos",
        { type: "error", title: DOWNLOAD_ERROR },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    }
    return new Response("Erro ao baixar currículo: arquivo não encontrado.", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  return new Response(new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.data.byteLength),
      "Content-Disposition": attachmentHeader(file.fileName, file.utf8FileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
