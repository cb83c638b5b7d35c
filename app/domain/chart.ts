// Scaling for the dashboard's sales bar chart.

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten, at least `value`. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** Bar heights (0..height) for the values on a 0..niceMax(max) axis, never below `floor`. */
export function barHeights(
  values: number[],
  height: number,
  floor = 1,
): { max: number; heights: number[] } {
  const max = niceMax(Math.max(floor, ...values));
  return { max, heights: values.map((v) => (v > 0 ? Math.max(1, (v / max) * height) : 0)) };
}

/** Tick values from 0 to max in `count` equal steps. */
export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (max * i) / count);
}

/**
 * The room the value axis needs on the left (SVG units) for its widest label at `fontSize`:
 * a fixed 64 cut "R$ 2.000,00" and wider labels at the chart's edge. An average glyph of the
 * sans-serif labels is ~0.6 em; the rest is the gap to the plot.
 */
export function axisMargin(labels: readonly string[], fontSize = 11): number {
  const widest = Math.max(0, ...labels.map((l) => l.length));
  return Math.ceil(widest * fontSize * 0.62) + 12;
}
