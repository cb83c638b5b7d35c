import type * as React from "react";
import { CONTROL_BOX, useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  const control = useFieldControl(props);
  return (
    <textarea
      className={cn("flex min-h-24", CONTROL_BOX, "placeholder:text-slate-500", className)}
      {...control}
    />
  );
}
