// The frame of the stock's screens reached from /admin/estoque: the header with its way back.
import type { ReactNode } from "react";
import { href } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";

export function StockSubpage({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <AdminPageHeader
        title={title}
        description={description}
        back={{ to: href("/admin/estoque"), label: "Voltar ao estoque" }}
      />
      {children}
    </div>
  );
}
