import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { TIPO_SERVICO_LABEL, type TipoServico } from "~/domain/statuses";
import { QuoteDialogForm } from "./quote-form";

/** The 'Solicitar Orçamento' dialog (SPEC §4): focus trapped and returned, Escape closes. */
export function QuoteDialog({
  service,
  onOpenChange,
  returnFocusTo,
}: {
  service: TipoServico | null;
  onOpenChange: (open: boolean) => void;
  /** The card button that opened the dialog: focus goes back to it on close. */
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={service !== null} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {service ? (
          <>
            <DialogHeader>
              <DialogTitle>Solicitar Orçamento: {TIPO_SERVICO_LABEL[service]}</DialogTitle>
              <DialogDescription>
                Preencha os dados e envie de 1 a 3 fotos do seu pet. O valor é informado depois que
                nossa equipe analisar as fotos.
              </DialogDescription>
            </DialogHeader>
            <QuoteDialogForm service={service} onSuccess={() => onOpenChange(false)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
