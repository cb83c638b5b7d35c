// The scan page's camera (decision 0085): the browser's BarcodeDetector where it exists (Chrome
// on Android), else @zxing/browser, loaded only when the person taps the button (never in the
// server bundle nor the page's first download). A code read fills the field and submits the
// form, as a USB scanner does; the same code is not read again for a moment.
import { CameraIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

const FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "itf"];
/** A code held in front of the camera is one reading, not one per frame. */
const SAME_CODE_PAUSE_MS = 1500;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ code: string; at: number }>({ code: "", at: 0 });
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  // Only after hydration: without JavaScript the page is the text field and its button.
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stop = () => {};
    const found = (code: string) => {
      const now = Date.now();
      if (code === last.current.code && now - last.current.at < SAME_CODE_PAUSE_MS) return;
      last.current = { code, at: now };
      navigator.vibrate?.(80);
      onCodeRef.current(code);
    };
    (async () => {
      try {
        const el = video.current!;
        const Native = (globalThis as { BarcodeDetector?: new (o: object) => Detector })
          .BarcodeDetector;
        if (Native) {
          const stream = await navigator.mediaDevices.getUserMedia({
            video: { facingMode: "environment" },
          });
          if (stopped) {
            for (const t of stream.getTracks()) t.stop();
            return;
          }
          el.srcObject = stream;
          await el.play();
          const detector = new Native({ formats: FORMATS });
          let timer = 0;
          const tick = async () => {
            if (stopped) return;
            const codes = await detector.detect(el).catch(() => []);
            if (codes[0]?.rawValue) found(codes[0].rawValue);
            timer = window.setTimeout(tick, 200);
          };
          tick();
          stop = () => {
            window.clearTimeout(timer);
            for (const t of stream.getTracks()) t.stop();
          };
        } else {
          const { BrowserMultiFormatReader } = await import("@zxing/browser");
          if (stopped) return;
          const reader = new BrowserMultiFormatReader();
          const controls = await reader.decodeFromConstraints(
            { video: { facingMode: "environment" } },
            el,
            (result) => {
              if (result) found(result.getText());
            },
          );
          stop = () => controls.stop();
        }
      } catch {
        setError("Não foi possível usar a câmera. Permita o acesso ou digite o código.");
        setOpen(false);
      }
    })();
    return () => {
      stopped = true;
      stop();
    };
  }, [open]);

  if (!ready) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant={open ? "outline" : "secondary"}
        onClick={() => {
          setError(null);
          setOpen((o) => !o);
        }}
      >
        {open ? <XIcon aria-hidden="true" /> : <CameraIcon aria-hidden="true" />}
        {open ? "Fechar câmera" : "Ler com a câmera"}
      </Button>
      {open ? (
        <video
          ref={video}
          className="aspect-[4/3] w-full rounded-md bg-black object-cover"
          muted
          playsInline
          aria-label="Câmera: aponte para o código de barras"
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
