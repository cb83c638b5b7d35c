// The search's synonym groups (/admin/loja/sinonimos): a form for a new group, and each group
// with its edit form (a dialog) and its delete (with a confirmation). Checked in the browser
// with the action's schema (synonymGroupSchema), then by the action.
import { Trash2 } from "lucide-react";
import { href } from "react-router";
import { EditOrNewButton } from "~/components/admin/edit-or-new-button";
import { IntentFields } from "~/components/forms/intent-form";
import { useCheckedFetcher, useDialogForm } from "~/components/forms/use-checked-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TitledDialog } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/text-field";
import { MAX_SYNONYM_TERMS, type SynonymGroup, synonymGroupSchema } from "~/modules/catalog";

const ACTION = "/admin/loja/sinonimos";
const TERMS_HINT = `Palavras separadas por vírgula, de 2 a ${MAX_SYNONYM_TERMS}. Acentos e maiúsculas não importam.`;

export function SynonymsPanel({ groups }: { groups: SynonymGroup[] }) {
  return (
    <div className="grid gap-6">
      <NewGroupForm />
      <TitledCard title={<span id="grupos">Grupos cadastrados ({groups.length})</span>}>
        {groups.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum grupo de sinônimos cadastrado.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-labelledby="grupos">
            {groups.map((group) => (
              <li
                key={`${group.id}-${group.termos.join(",")}`}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label="Termos">
                  {group.termos.map((term) => (
                    <li key={term}>
                      <Badge variant="secondary">{term}</Badge>
                    </li>
                  ))}
                </ul>
                <div className="flex gap-2">
                  <EditGroupDialog group={group} />
                  <DeleteGroup group={group} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

function NewGroupForm() {
  const { fetcher, errors, formProps, pending } = useCheckedFetcher({ resetOnSuccess: true });
  return (
    <TitledCard title={<span id="novo-grupo">Novo grupo</span>}>
      <fetcher.Form
        {...formProps(synonymGroupSchema)}
        action={href(ACTION)}
        className="grid gap-3"
        aria-labelledby="novo-grupo"
      >
        <input type="hidden" name="intent" value="synonyms-create" />
        <TermsField
          id="sinonimos-novo"
          error={errors.termos}
          rows={2}
          placeholder="antipulga, antipulgas, pulgas"
        />
        <div>
          <Button type="submit" disabled={pending}>
            Adicionar grupo
          </Button>
        </div>
      </fetcher.Form>
    </TitledCard>
  );
}

/** The group's terms, as the create form and the edit dialog both ask for them. */
function TermsField(props: {
  id: string;
  error: string | undefined;
  rows: number;
  placeholder?: string;
  defaultValue?: string;
}) {
  return (
    <TextAreaField
      {...props}
      name="termos"
      label="Termos"
      required
      hint={TERMS_HINT}
      maxLength={600}
    />
  );
}

function EditGroupDialog({ group }: { group: SynonymGroup }) {
  const { open, onOpenChange, fetcher, errors, formProps, pending } = useDialogForm();
  const name = group.termos.join(", ");
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<EditOrNewButton name={name} newLabel="Novo grupo" />}
      title="Editar grupo de sinônimos"
      description="A busca da loja trata todos os termos do grupo como a mesma palavra."
    >
      <fetcher.Form {...formProps(synonymGroupSchema)} action={href(ACTION)} className="grid gap-4">
        <IntentFields intent="synonyms-update" recordId={group.id} />
        <TermsField
          id={`sinonimos-${group.id.slice(0, 8)}`}
          error={errors.termos}
          rows={3}
          defaultValue={name}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            Salvar
          </Button>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}

function DeleteGroup({ group }: { group: SynonymGroup }) {
  const { fetcher, pending } = useCheckedFetcher();
  const name = group.termos.join(", ");
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-700" disabled={pending}>
          <Trash2 aria-hidden="true" /> Excluir<span className="sr-only"> {name}</span>
        </Button>
      }
      title="Excluir grupo de sinônimos?"
      description={<>A busca deixa de tratar “{name}” como a mesma palavra.</>}
      confirmLabel="Excluir"
      onConfirm={() =>
        fetcher.submit(
          { intent: "synonyms-delete", id: group.id },
          { method: "post", action: href(ACTION) },
        )
      }
    />
  );
}
