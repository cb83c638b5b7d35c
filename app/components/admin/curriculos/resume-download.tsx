// 'Baixar currículo': the file is fetched with the session first, and the success toast
// shows only once the download really starts; a missing file or any failure is the
// toast 'Erro ao baixar currículo', on the same page. A session that ended meanwhile
// goes through the link itself, to the login page with 'Sessão expirada...'.
import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { attachmentFileName } from "~/domain/content-disposition";

const DOWNLOAD_OK = "Download iniciado com sucesso";
const DOWNLOAD_ERROR = "Erro ao baixar currículo";

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the URL is no longer needed once it is saved.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ResumeDownload({ id, nome }: { id: string; nome: string }) {
  const [busy, setBusy] = useState(false);
  const href = `/admin/curriculos/${id}/download`;

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (middle click, Ctrl/Cmd, Shift) keeps the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, {
        credentials: "same-origin",
        redirect: "manual",
        cache: "no-store",
      });
      if (response.type === "opaqueredirect") {
        // Signed out meanwhile: the link leads to the login page with the reason.
        window.location.assign(href);
        return;
      }
      const name = attachmentFileName(response.headers.get("content-disposition"));
      if (!response.ok || !name) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), name);
      toast.success(DOWNLOAD_OK);
    } catch {
      toast.error(DOWNLOAD_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button asChild variant="outline">
      <a href={href} onClick={download} aria-disabled={busy || undefined}>
        <Download aria-hidden="true" /> {busy ? "Baixando..." : "Baixar currículo"}
        <span className="sr-only"> de {nome}</span>
      </a>
    </Button>
  );
}
