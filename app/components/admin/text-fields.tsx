// A form's run of plain text fields, written as a list: each entry says what its field
// shows, and the form's controls (formControls, or a route's own) bind it by name.
import type * as React from "react";
import { EmailField, TextField } from "~/components/ui/text-field";

/** One field of the list: TextField's props but those its form binds (id, name, error). */
export type TextFieldSpec<N extends string = string> = Omit<
  React.ComponentProps<typeof TextField>,
  "id" | "name" | "error"
> & {
  name: N;
  /** An e-mail address: drawn as an EmailField. */
  email?: boolean;
};

/** The props a form gives the field of a name: its id and name, its error, maybe its value. */
type Bind<N extends string> = (name: N) => { id: string; name: string; error?: string | null };

/** The fields of the list in order, each bound by `field`; a value the entry gives wins. */
export function TextFields<N extends string>({
  fields,
  field,
}: {
  fields: readonly TextFieldSpec<N>[];
  field: Bind<N>;
}) {
  return fields.map(({ name, email, ...props }) => {
    const Control = email ? EmailField : TextField;
    return <Control key={name} {...field(name)} {...props} />;
  });
}
