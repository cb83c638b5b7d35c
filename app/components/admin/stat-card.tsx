import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";

/** A number with its label, for dashboards (sales, counters). */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  className,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <Card className={cn("p-5", className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
          {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
        </div>
        {Icon ? (
          <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        ) : null}
      </div>
    </Card>
  );
}
