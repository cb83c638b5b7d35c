import { Pencil, Plus } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";

/**
 * The button that opens a record's form: "Editar" (with the record's name for screen
 * readers) for one that exists, the `newLabel` for a new one. Other props (a dialog
 * trigger's) go to the button; `icon` replaces the pencil (a long list's sprite icon).
 */
export function EditOrNewButton({
  name,
  newLabel,
  icon,
  ...props
}: React.ComponentProps<typeof Button> & {
  name?: string;
  newLabel: string;
  icon?: React.ReactNode;
}) {
  if (name !== undefined) {
    return (
      <Button variant="outline" size="sm" {...props}>
        {icon ?? <Pencil aria-hidden="true" />} Editar<span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <Button {...props}>
      <Plus aria-hidden="true" /> {newLabel}
    </Button>
  );
}
