import type { LucideIcon } from "lucide-react";

/**
 * Icons a long list repeats on every row (30 products a page, each with Editar, Variações
 * and Excluir): each icon is drawn once in the page as a symbol, and a row's icon is a `<use>`
 * of it. Inline, every lucide icon is half a kilobyte of markup and a handful of elements the
 * server builds again for each row: on the product list that was a quarter of the page and
 * of its rendering. The outer `<svg>` keeps lucide's class and size, so a button's
 * `[&_svg]:size-4` and the colour (currentColor) apply as to any other icon.
 */
export function iconSprite<const Name extends string>(
  prefix: string,
  icons: Record<Name, LucideIcon>,
) {
  const id = (name: Name) => `${prefix}-${name}`;
  /** Once in the page, before or after the rows that use the icons. */
  function Symbols() {
    return (
      <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
        {(Object.entries(icons) as [Name, LucideIcon][]).map(([name, Drawn]) => (
          <symbol key={name} id={id(name)} viewBox="0 0 24 24">
            <Drawn />
          </symbol>
        ))}
      </svg>
    );
  }
  function Icon({ name, className }: { name: Name; className?: string }) {
    return (
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        className={className ? `lucide ${className}` : "lucide"}
      >
        <use href={`#${id(name)}`} />
      </svg>
    );
  }
  return { Symbols, Icon };
}
