import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

/** A native select: the best picker on phones, accessible by default. */
export function Select({ className, ...props }: React.ComponentProps<"select">) {
  const control = useFieldControl(props);
  return (
    <select
      className={cn(
        "flex min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-[invalid=true]:border-red-600",
        className,
      )}
      {...control}
    />
  );
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
