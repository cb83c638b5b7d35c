import { Pencil, Plus } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";

/**
 * The button that opens a record's form: "Editar" (with the record's name for screen
 * readers) for one that exists, the `newLabel` for a new one. Other props (a dialog
 * trigger's) go to the button.
 */
export function EditOrNewButton({
  name,
  newLabel,
  ...props
}: React.ComponentProps<typeof Button> & { name?: string; newLabel: string }) {
  if (name !== undefined) {
    return (
      <Button variant="outline" size="sm" {...props}>
        <Pencil aria-hidden="true" /> Editar<span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <Button {...props}>
      <Plus aria-hidden="true" /> {newLabel}
    </Button>
  );
}
