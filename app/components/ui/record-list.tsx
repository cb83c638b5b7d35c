import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The records of a section (a pet's bookings, the packages), each in a bordered card, or the
 * one line that says there is none. `itemClassName` lays out a card's content.
 */
export function RecordList<T>({
  items,
  empty,
  keyOf,
  itemClassName,
  children,
  className,
  ...props
}: Omit<React.ComponentProps<"ul">, "children"> & {
  items: readonly T[];
  empty: React.ReactNode;
  keyOf: (item: T) => string;
  itemClassName?: string;
  children: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className={cn("grid gap-2", className)} {...props}>
      {items.map((item) => (
        <li
          key={keyOf(item)}
          className={cn("rounded-lg border border-slate-200 bg-white p-3 text-sm", itemClassName)}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
