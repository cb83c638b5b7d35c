// The open units' opening hours, a table per unit when there are several: the footer's (on
// dark) and the Contato page's (on light) show the same rows in their own colours.
import { shop } from "~/content/shop";
import type { storeHours } from "~/modules/shop";

const TONES = {
  dark: {
    empty: "mt-3 text-sm text-slate-300",
    table: "mt-3",
    unit: "mb-1 text-sm font-semibold text-slate-100",
    list: "grid gap-2 text-sm",
    row: "flex justify-between gap-4 border-b border-slate-700 pb-1",
    days: "text-slate-300",
    hours: "font-semibold text-white",
  },
  light: {
    empty: "mt-4 text-slate-800",
    table: "mt-4",
    unit: "mb-1 font-semibold text-brand-900",
    list: "grid gap-2",
    row: "flex justify-between border-b border-brand-200 pb-1",
    days: "text-slate-800",
    hours: "font-semibold text-slate-900",
  },
};

export function HoursTables({
  hours,
  tone,
}: {
  hours: ReturnType<typeof storeHours>;
  tone: keyof typeof TONES;
}) {
  const c = TONES[tone];
  return (
    <>
      {hours.length === 0 ? <p className={c.empty}>Consulte pelo {shop.messenger}.</p> : null}
      {hours.map((table) => (
        <div key={table.unit ?? ""} className={c.table}>
          {table.unit ? <h3 className={c.unit}>{table.unit}</h3> : null}
          <dl className={c.list}>
            {table.rows.map((h) => (
              <div key={h.days} className={c.row}>
                <dt className={c.days}>{h.days}</dt>
                <dd className={c.hours}>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </>
  );
}
