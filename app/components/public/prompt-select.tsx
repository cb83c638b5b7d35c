import type * as React from "react";
import { Select } from "~/components/ui/select";

/** A choice that opens on its prompt: an empty first option that cannot be chosen back. */
export function PromptSelect({
  prompt,
  options,
  ...props
}: React.ComponentProps<typeof Select> & {
  prompt: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Select {...props}>
      <option value="" disabled>
        {prompt}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
