// The parts every admin list shares: its filter bar, its empty state, the label-value lines
// of a card and the select that changes a row's status in place.
import type * as React from "react";
import { Form, useFetcher } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectOptions } from "~/components/ui/select";
import { cn } from "~/lib/utils";

/** A GET form over a list; `view` keeps the tab of a tabbed screen. */
export function FilterBar({
  view,
  className,
  children,
}: {
  view?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      className={cn(
        "grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:items-end",
        className,
      )}
    >
      {view ? <input type="hidden" name="view" value={view} /> : null}
      {children}
    </Form>
  );
}

/** The search box of a filter bar: the `q` of the list's address. */
export function FilterSearch({
  id,
  label = "Buscar",
  className,
  ...input
}: Omit<React.ComponentProps<"input">, "name" | "type"> & {
  id: string;
  label?: string;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name="q" type="search" {...input} />
    </div>
  );
}

/** A labelled select of a filter bar, whose first option ('Todos') is no filter. */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  allLabel = "Todos",
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  allLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} name={name} defaultValue={defaultValue}>
        <option value="">{allLabel}</option>
        {children}
      </Select>
    </div>
  );
}

/** What a list shows in place of its rows when it has none. */
export function EmptyList({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
      {children}
    </p>
  );
}

/**
 * The rows of a list as cards, each drawn by `children`; the `empty` message when there
 * are none.
 */
export function CardList<T extends { id: string }>({
  items,
  label,
  empty,
  className = "grid gap-3",
  cardClassName,
  children,
}: {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  empty: React.ReactNode;
  /** The list's layout: by default, the cards one above the other. */
  className?: string;
  cardClassName: string;
  children: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return <EmptyList>{empty}</EmptyList>;
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        // Grid items grow to their longest word by default (min-width: auto): a long e-mail or
        // address made a card, and the page, wider than a 360 px phone. Long words wrap.
        <li key={item.id} className="min-w-0">
          <Card className={`min-w-0 wrap-anywhere ${cardClassName}`}>{children(item)}</Card>
        </li>
      ))}
    </ul>
  );
}

/** One 'Label: value' line of a card's <dl>. */
export function InlineDetail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="inline font-semibold">{`${label}: `}</dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/**
 * The status of a row, changed in place: posts `{ intent, id, status }` to `action` (the
 * page's own by default) and shows the value being sent until the list reloads. With a
 * `fetcherKey` the rows share one fetcher, whose result the list shows (a filtered list may
 * drop the changed row); without, the select shows its own.
 */
export function StatusSelect<S extends string>({
  id,
  label,
  itemId,
  current,
  values,
  labels,
  fetcherKey,
  intent,
  action,
}: {
  id: string;
  label: string;
  itemId: string;
  current: S;
  values: readonly S[];
  labels: Readonly<Record<S, string>>;
  fetcherKey?: string;
  intent?: string;
  action?: string;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  useFormResult(fetcherKey ? null : fetcher);
  const pending =
    fetcher.formData?.get("id") === itemId ? fetcher.formData?.get("status") : undefined;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={typeof pending === "string" ? pending : current}
        disabled={fetcher.state !== "idle"}
        onChange={(e) =>
          fetcher.submit(
            { ...(intent ? { intent } : {}), id: itemId, status: e.target.value },
            { method: "post", action },
          )
        }
      >
        <SelectOptions values={values} labels={labels} />
      </Select>
    </div>
  );
}
