import type * as React from "react";
import { Select, SelectOptions } from "~/components/ui/select";
import { PELAGEM_LABEL, PELAGENS, PORTE_LABEL, PORTES } from "~/domain/pets";

/** The traits that set a bath's price, each with its values and their labels. */
const TRAITS: Record<
  "porte" | "pelagem",
  { values: readonly string[]; labels: Readonly<Record<string, string>> }
> = {
  porte: { values: PORTES, labels: PORTE_LABEL },
  pelagem: { values: PELAGENS, labels: PELAGEM_LABEL },
};

/** A pet's size or coat to choose, opening on "Escolha" (the pet's page and the booking). */
export function PetTraitSelect({
  trait,
  ...props
}: Omit<React.ComponentProps<typeof Select>, "children"> & { trait: keyof typeof TRAITS }) {
  const { values, labels } = TRAITS[trait];
  return (
    <Select {...props}>
      <option value="">Escolha</option>
      <SelectOptions values={values} labels={labels} />
    </Select>
  );
}
