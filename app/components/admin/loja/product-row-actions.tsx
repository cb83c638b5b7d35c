import { Trash2 } from "lucide-react";
import { href, useFetcher } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";

export function ProductToggle({ id, nome, ativo }: { id: string; nome: string; ativo: boolean }) {
  const fetcher = useFetcher();
  useFormResult(fetcher);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={href("/admin/loja/produtos")}>
      <input type="hidden" name="intent" value="product-toggle" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="ativo" value={String(!ativo)} />
      <Button type="submit" variant="outline" size="sm" disabled={pending}>
        {ativo ? "Desativar" : "Ativar"}
        <span className="sr-only"> {nome}</span>
      </Button>
    </fetcher.Form>
  );
}

/** Shared with the list, which outlives the deleted row and shows the result. */
export const PRODUCT_DELETE_FETCHER = "product-delete";

export function ProductDelete({ id, nome }: { id: string; nome: string }) {
  const fetcher = useFetcher({ key: PRODUCT_DELETE_FETCHER });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700"
          disabled={fetcher.state !== "idle"}
        >
          <Trash2 aria-hidden="true" /> Excluir<span className="sr-only"> {nome}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Excluir produto?</AlertDialogTitle>
        <AlertDialogDescription>
          "{nome}" sai da loja e desta lista. Se ele aparece em pedidos anteriores, continua
          guardado no histórico desses pedidos.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              fetcher.submit(
                { intent: "product-delete", id },
                { method: "post", action: href("/admin/loja/produtos") },
              )
            }
          >
            Excluir
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
