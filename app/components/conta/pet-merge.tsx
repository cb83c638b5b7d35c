// "Juntar pets" on a pet's page, the customer's (/conta/pets/:id) and the grooming room's
// (/admin/servicos/pets/:id) alike: the other record of the same animal, and the button.
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NamedOptions, Select } from "~/components/ui/select";

/** The fields of the merge form; the page's own form sends them. */
export function PetMergeFields({
  nome,
  outros,
}: {
  nome: string;
  outros: readonly { id: string; nome: string }[];
}) {
  return (
    <>
      <input type="hidden" name="intent" value="juntar" />
      <Field id="outroId" label="Outro registro">
        <Select>
          <NamedOptions items={outros} />
        </Select>
      </Field>
      <Button type="submit" variant="outline">
        Juntar a {nome}
      </Button>
    </>
  );
}
