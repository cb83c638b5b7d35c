import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * `Component` (an element's tag or a Radix part) with classes of its own: the classes it is
 * given go after `base` and win where they clash.
 */
export function withClasses<C extends React.ElementType>(Component: C, base: string) {
  return function WithClasses({
    className,
    ...props
  }: React.ComponentProps<C> & { className?: string }) {
    const Tag: React.ElementType = Component;
    return <Tag className={cn(base, className)} {...props} />;
  };
}
