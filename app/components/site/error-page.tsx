import type { ReactNode } from "react";
import { Link } from "react-router";

/** The page shown for a missing address or a fault: a title, a line and the way home. */
export function ErrorPage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  /** What comes above the title (the document title, a big 404). */
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      {children}
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <Link
        reloadDocument
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      >
        Voltar para o início
      </Link>
    </main>
  );
}
