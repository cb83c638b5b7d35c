import { ImagePlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { QuoteFields } from "~/components/public/quote-form";
import { ConsentNote } from "~/components/site/consent-note";
import { Button } from "~/components/ui/button";
import { MAX_PHOTOS } from "~/modules/grooming";

export const QUOTE_DIALOG_ID = "orcamento-dialogo";

/**
 * The 'Solicitar Orçamento' dialog (SPEC §4), a native <dialog>: opened modal by the
 * page's script (`quoteDialog`), which sets its service, so focus stays inside, Escape
 * closes and focus goes back to the card button. Nothing here runs without that script.
 */
export function QuoteDialog({ prefill = {} }: { prefill?: Record<string, string> } = {}) {
  const titleId = `${QUOTE_DIALOG_ID}-titulo`;
  return (
    <dialog
      id={QUOTE_DIALOG_ID}
      aria-labelledby={titleId}
      aria-describedby={`${QUOTE_DIALOG_ID}-descricao`}
      className="m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="relative grid gap-4 p-5 sm:p-6">
        <div className="grid gap-1.5 pr-10">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            Solicitar Orçamento: <span data-servico-nome="" />
          </h2>
          <p id={`${QUOTE_DIALOG_ID}-descricao`} className="text-sm text-slate-600">
            Preencha os dados e envie de 1 a 3 fotos do seu pet. O valor é informado depois que
            nossa equipe analisar as fotos.
          </p>
        </div>
        <form noValidate className="grid gap-4">
          <fieldset className="grid gap-4">
            <QuoteFields prefix="dialogo" errors={{}} values={prefill} service="" />
            <div className="grid gap-2">
              <p className="text-sm font-semibold text-slate-900">
                Fotos do pet{" "}
                <span className="text-red-700" aria-hidden="true">
                  *
                </span>
                <span className="font-normal text-slate-600">
                  {" "}
                  (de 1 a {MAX_PHOTOS}, até 10MB cada)
                </span>
              </p>
              <ul
                className="grid grid-cols-3 gap-2"
                aria-label="Fotos escolhidas"
                hidden
                data-fotos=""
              />
              <template>
                <li className="relative">
                  <img
                    alt="Foto {n} do pet"
                    width={120}
                    height={120}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                  <button
                    type="button"
                    className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-red-700 shadow hover:bg-white"
                    aria-label="Remover foto {n}"
                  >
                    <Trash2Icon className="size-5" aria-hidden="true" />
                  </button>
                </li>
              </template>
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                id={`${QUOTE_DIALOG_ID}-fotos`}
              />
              <Button type="button" variant="outline" data-adicionar="">
                <ImagePlusIcon aria-hidden="true" />
                Adicionar fotos (<span data-contagem="">0</span>/{MAX_PHOTOS})
              </Button>
            </div>
          </fieldset>
          <div
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
            hidden
            data-alerta=""
          />
          <ConsentNote action="Ao enviar" />
          <Button type="submit" size="lg" disabled>
            Enviar Solicitação
          </Button>
        </form>
        <button
          type="button"
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          data-fechar=""
        >
          <XIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">Fechar</span>
        </button>
      </div>
    </dialog>
  );
}
