import { Lock } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { shop } from "~/content/shop";

/** The centred card of the login and second-factor pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-50 to-slate-100 p-4">
      <div className="w-full max-w-md">
        <Card className="p-6 sm:p-8">
          <div className="mb-6 grid justify-items-center gap-2 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-brand-600 text-white">
              <Lock className="size-6" aria-hidden="true" />
            </span>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              {shop.name}
            </p>
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
          {children}
        </Card>
        <p className="mt-4 text-center text-sm">
          <Link
            reloadDocument
            to="/"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Voltar para o site
          </Link>
        </p>
      </div>
    </main>
  );
}

/** A notice at the top of a form (errors and session messages), announced when it appears. */
export function FormNotice({
  tone = "error",
  children,
}: {
  tone?: "error" | "info";
  children: React.ReactNode;
}) {
  return (
    <div
      role="alert"
      className={
        tone === "error"
          ? "mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          : "mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      }
    >
      {children}
    </div>
  );
}
