import { useEffect, useState } from "react";

/**
 * How a chosen photo will look on the store's card (issue 27, point 7): the server keeps a
 * square cut from the photo's centre (saveSquareImage, fit "cover"), so the photo is shown
 * whole with that square outlined, beside the card's square itself.
 */
export function CardCropPreview({ file }: { file: File | null }) {
  const [url, setUrl] = useState<string | null>(null);
  const [ratio, setRatio] = useState<number | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    setRatio(null);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url) return null;
  // The kept square, as a share of the photo's width and height.
  const square =
    ratio === null
      ? null
      : ratio >= 1
        ? { width: `${100 / ratio}%`, height: "100%" }
        : { width: "100%", height: `${100 * ratio}%` };
  return (
    <figure className="grid gap-2 sm:col-span-2" data-testid="recorte-cartao">
      <figcaption className="text-sm text-slate-700">
        Na loja, a foto aparece cortada em quadrado, pelo centro: o que fica fora do quadro não
        aparece no cartão.
      </figcaption>
      <div className="flex flex-wrap items-end gap-4">
        <div className="relative max-w-48 min-w-0">
          <img
            src={url}
            alt="Foto escolhida, inteira"
            className="block max-h-40 w-auto max-w-full rounded-lg"
            onLoad={(event) =>
              setRatio(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight || 1)
            }
          />
          {square ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-1/2 -translate-1/2 rounded-sm shadow-[0_0_0_999px_rgba(15,23,42,0.55)] outline-2 outline-white"
              style={square}
            />
          ) : null}
        </div>
        <div className="grid gap-1 text-center text-xs text-slate-600">
          <img
            src={url}
            alt="Como a foto aparece no cartão da loja"
            className="size-28 rounded-lg border border-slate-200 object-cover"
          />
          No cartão
        </div>
      </div>
    </figure>
  );
}
