import type * as React from "react";
import { CONTROL_BOX, useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

/** A native select: the best picker on phones, accessible by default. */
export function Select({ className, ...props }: React.ComponentProps<"select">) {
  const control = useFieldControl(props);
  return <select className={cn("flex min-h-11", CONTROL_BOX, className)} {...control} />;
}

/** The options of a closed list of values, each shown by its label. */
export function SelectOptions<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** One option a record (a unit, a category): its id the value, its name the text. */
export function NamedOptions({ items }: { items: readonly { id: string; nome: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.nome}
    </option>
  ));
}
