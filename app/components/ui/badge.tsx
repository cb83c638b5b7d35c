import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white",
        secondary: "bg-slate-200 text-slate-800",
        destructive: "bg-red-600 text-white",
        outline: "border border-slate-300 text-slate-800",
        warning: "bg-amber-100 text-amber-900",
        yellow: "bg-yellow-100 text-yellow-900",
        blue: "bg-blue-100 text-blue-900",
        green: "bg-green-100 text-green-900",
        purple: "bg-purple-100 text-purple-900",
        red: "bg-red-100 text-red-900",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
