import { FolderPlus } from "lucide-react";
import { useCallback, useState } from "react";
import { href, useFetcher } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { TitledDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export function CategoryDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const onSuccess = useCallback(() => setOpen(false), []);
  const { errors } = useFormResult(fetcher, { onSuccess });
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <FolderPlus aria-hidden="true" /> Nova categoria
        </Button>
      }
      title="Nova categoria"
      description="Se já existir uma categoria com este nome, ela é usada."
    >
      <fetcher.Form method="post" action={href("/admin/loja/produtos")} className="grid gap-4">
        <input type="hidden" name="intent" value="category-create" />
        <Field id="categoria-nome" label="Nome da categoria" required error={errors.nome}>
          <Input name="nome" required maxLength={80} />
        </Field>
        <Field id="categoria-descricao" label="Descrição" error={errors.descricao}>
          <Input name="descricao" maxLength={300} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Criar categoria
          </Button>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}
