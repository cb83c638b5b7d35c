import type * as React from "react";
import { useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  const control = useFieldControl(props);
  return (
    <input
      className={cn(
        "flex min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700",
        className,
      )}
      {...control}
    />
  );
}

/** A phone number: the phone keypad, the browser's saved number, and an example to follow. */
export function PhoneInput(props: React.ComponentProps<"input">) {
  return (
    <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="(47) 99999-9999" {...props} />
  );
}
