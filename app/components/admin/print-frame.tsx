// The frame of every printable admin page: on screen only, the bar that names the page, picks
// A4 or the 80 mm receipt and prints; the sheets it frames come as children. The print rules
// (page size, what hides) are in app.css, "Folhas de pedido".
import { PrinterIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";

export type PrintFormat = "a4" | "80mm";

export function PrintFrame({
  formato,
  query = "",
  heading,
  printable = true,
  children,
}: {
  formato: PrintFormat;
  /** What else the page's address carries ("unidade=…&dia=…"), kept when the paper changes. */
  query?: string;
  /** The bar's title (a heading or a link back). */
  heading: React.ReactNode;
  /** False when there is nothing to print. */
  printable?: boolean;
  children: React.ReactNode;
}) {
  const option = (value: PrintFormat, label: string) => (
    <Link
      to={`?${query ? `${query}&` : ""}formato=${value}`}
      replace
      aria-current={formato === value ? "true" : undefined}
      className={buttonVariants({ variant: formato === value ? "default" : "outline", size: "sm" })}
    >
      {label}
    </Link>
  );
  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <div
        className="print-toolbar sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2"
        data-testid="print-toolbar"
      >
        {heading}
        <span className="text-sm text-slate-600">Papel:</span>
        {option("a4", "A4")}
        {option("80mm", "Cupom 80 mm")}
        <Button type="button" size="sm" onClick={() => window.print()} disabled={!printable}>
          <PrinterIcon aria-hidden="true" />
          Imprimir
        </Button>
      </div>
      {children}
    </div>
  );
}
