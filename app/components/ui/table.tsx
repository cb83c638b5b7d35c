import type * as React from "react";
import { withClasses } from "~/components/ui/with-classes";
import { cn } from "~/lib/utils";

/** A data table in a scrolling card: wide tables scroll sideways on a phone. */
export function Table({
  className,
  minWidth = "720px",
  ...props
}: React.ComponentProps<"table"> & { minWidth?: string }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table
        className={cn("w-full text-left text-sm", className)}
        style={{ minWidth }}
        {...props}
      />
    </div>
  );
}

export const TableCaption = withClasses("caption", "sr-only");
export const TableHeader = withClasses(
  "thead",
  "border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600",
);
export const TableBody = withClasses("tbody", "divide-y divide-slate-100");

export function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return <th scope="col" className={cn("px-4 py-3", className)} {...props} />;
}

export const TableCell = withClasses("td", "px-4 py-3");

/** What a table shows when it has no rows. */
export const TableEmpty = withClasses("p", "text-sm text-slate-600");

/** One column head: its text and its class. */
export type ColumnHead = readonly [label: React.ReactNode, className?: string];

/** A header row of column heads (`th scope="col"`), written as a list. */
export function HeadRow({
  columns,
  className,
}: {
  columns: readonly ColumnHead[];
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map(([label, headClass], i) => (
        <th key={i} scope="col" className={headClass}>
          {label}
        </th>
      ))}
    </tr>
  );
}
