import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  const control = useFieldControl(props);
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-600",
        className,
      )}
      {...control}
    />
  );
}
