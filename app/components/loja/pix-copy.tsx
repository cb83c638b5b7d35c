import { CopyIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { copyWithToast } from "~/components/ui/toaster";

export function PixCopy({ payload }: { payload: string }) {
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
      <Button
        type="button"
        onClick={() => copyWithToast(payload, "Código Pix copiado!", "o código")}
      >
        <CopyIcon aria-hidden="true" />
        Copiar código Pix
      </Button>
    </div>
  );
}

/** A Pix QR code: the SVG the server made with the qrcode library, named for screen readers. */
export function PixQr({
  svg,
  label,
  className = "mx-auto w-48 rounded-lg bg-white p-2",
  testId,
}: {
  svg: string;
  label: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={className}
      role="img"
      aria-label={label}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG made on the server by the qrcode library from a Pix payload
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
