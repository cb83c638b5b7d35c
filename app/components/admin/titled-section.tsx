// A section of an admin screen named by its own h2: the heading's id labels the section, so a
// screen reader lists it by that title.
import type * as React from "react";

export function TitledSection({
  id,
  title,
  titleClassName = "text-lg font-bold",
  children,
  ...section
}: Omit<React.ComponentProps<"section">, "id" | "title" | "aria-labelledby"> & {
  /** The heading's id, unique on the page. */
  id: string;
  title: React.ReactNode;
  titleClassName?: string;
}) {
  return (
    <section aria-labelledby={id} {...section}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
