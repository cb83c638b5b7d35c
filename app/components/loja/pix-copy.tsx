import { CopyIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";

export function PixCopy({ payload }: { payload: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(payload);
      toast.success("Código Pix copiado!");
    } catch {
      toast.error("Não foi possível copiar. Selecione o código e copie manualmente.");
    }
  }
  return (
    <div className="grid gap-2">
      <label htmlFor="pix-copia-cola" className="text-sm font-semibold">
        Pix copia e cola
      </label>
      <textarea
        id="pix-copia-cola"
        readOnly
        value={payload}
        rows={4}
        className="w-full resize-none break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="pix-payload"
      />
      <Button type="button" onClick={copy}>
        <CopyIcon aria-hidden="true" />
        Copiar código Pix
      </Button>
    </div>
  );
}
