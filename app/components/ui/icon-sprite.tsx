import type { LucideIcon } from "lucide-react";

// Icons a long list repeats on every row (30 products a page, each with Editar, Variações
// and Excluir): each icon is drawn once in the page as a symbol, and a row's icon is a
// `<use>` of it. Inline, every lucide icon is half a kilobyte of markup and a handful of
// elements the server builds again for each row: on the product list, a fifth of the page.
// The outer `<svg>` keeps lucide's class and size, so a button's `[&_svg]:size-4` and the
// colour (currentColor) apply as to any other icon.

/** The symbols, once in the page (before or after the rows that use them). */
export function IconSymbols({
  prefix,
  icons,
}: {
  prefix: string;
  icons: Record<string, LucideIcon>;
}) {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {Object.entries(icons).map(([name, Drawn]) => (
        <symbol key={name} id={`${prefix}-${name}`} viewBox="0 0 24 24">
          <Drawn />
        </symbol>
      ))}
    </svg>
  );
}

/** One use of a symbol drawn by IconSymbols with the same prefix. */
export function SpriteIcon({
  prefix,
  name,
  className,
}: {
  prefix: string;
  name: string;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      className={className ? `lucide ${className}` : "lucide"}
    >
      <use href={`#${prefix}-${name}`} />
    </svg>
  );
}
