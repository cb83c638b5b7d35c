// A panel page of one column: its width, the title block and the page's sections below it,
// evenly spaced (the grid's gap, so the title block keeps no margin of its own).
import type * as React from "react";
import { AdminPageHeader } from "~/components/admin/page-header";

/** Each width written out whole, so the style build finds the class. */
const WIDTH = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl" } as const;

export function AdminScreen({
  width = "4xl",
  nav,
  title,
  description,
  actions,
  children,
}: {
  /** The panel's usual width unless the page's tables need more (or its forms less). */
  width?: keyof typeof WIDTH;
  /** What stands above the title (the tabs of a screen with several views). */
  nav?: React.ReactNode;
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className={`mx-auto grid w-full ${WIDTH[width]} grid-cols-1 gap-6`}>
      {nav}
      <AdminPageHeader title={title} description={description} className="mb-0" actions={actions} />
      {children}
    </div>
  );
}
