// The parts every admin list shares: its filter bar, its empty state, the label-value lines
// of a card and the select that changes a row's status in place.
import type * as React from "react";
import { Form, type useFetcher } from "react-router";
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
 * The status of a row, changed in place: the select shows the value being sent until the
 * list reloads. The fetcher may be shared by the rows (keyed), so it tells whose value it is.
 */
export function StatusSelect<S extends string>({
  id,
  label,
  itemId,
  current,
  values,
  labels,
  fetcher,
  onChange,
}: {
  id: string;
  label: string;
  itemId: string;
  current: S;
  values: readonly S[];
  labels: Readonly<Record<S, string>>;
  fetcher: ReturnType<typeof useFetcher>;
  onChange: (status: string) => void;
}) {
  const pending =
    fetcher.formData?.get("id") === itemId ? fetcher.formData?.get("status") : undefined;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={typeof pending === "string" ? pending : current}
        disabled={fetcher.state !== "idle"}
        onChange={(e) => onChange(e.target.value)}
      >
        <SelectOptions values={values} labels={labels} />
      </Select>
    </div>
  );
}
