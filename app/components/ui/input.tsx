import type * as React from "react";
import { CONTROL_BOX, useFieldControl } from "~/components/ui/field";
import { cn } from "~/lib/utils";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  const control = useFieldControl(props);
  return (
    <input
      className={cn(
        "flex min-h-11",
        CONTROL_BOX,
        "placeholder:text-slate-500 disabled:cursor-not-allowed file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700",
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
