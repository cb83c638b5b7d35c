import { ChevronDownIcon } from "lucide-react";
import type * as React from "react";

/**
 * A question that opens its answer: a native `<details>`, so it works with no JavaScript at
 * all. Disclosures sharing a `group` (the `name` attribute) open one at a time. The browser
 * announces the summary as a button with its expanded state (HTML forbids a role or
 * aria-expanded on it: the native semantics are the right ones, and need no script).
 */
export function Disclosure({
  group,
  summary,
  children,
}: {
  group: string;
  summary: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <details name={group} data-disclosure="" className="group border-b border-slate-200">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 py-3 text-left font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        {summary}
        <ChevronDownIcon
          className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </summary>
      <div className="pb-4 text-slate-700">{children}</div>
    </details>
  );
}
