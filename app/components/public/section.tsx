import type * as React from "react";

export function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`px-4 py-12 sm:py-16 ${className ?? ""}`}>
      <div className="mx-auto max-w-6xl">
        <h2 id={id} className="text-center text-2xl font-extrabold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? (
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{intro}</p>
        ) : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export function PageHero({
  title,
  children,
  eyebrow,
}: {
  title: React.ReactNode;
  eyebrow?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 pt-10 pb-8 sm:pt-14">
      <div className="mx-auto max-w-3xl text-center">
        {eyebrow ? (
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-1 text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
        {children ? <div className="mt-4 text-lg text-slate-700">{children}</div> : null}
      </div>
    </div>
  );
}

/** A centred card with a round icon badge, a title and a text (a value, a reason to choose). */
export function IconCard({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 p-6 text-center shadow-sm">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
      <p className="mt-2 text-slate-700">{children}</p>
    </li>
  );
}

/** The dark call to action that closes a page: a title, a line, then its links. */
export function CtaBand({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: React.ReactNode;
  text: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="px-4 py-14">
      <div className="mx-auto max-w-4xl rounded-3xl bg-brand-800 px-6 py-10 text-center text-white">
        <h2 id={id} className="text-2xl font-extrabold sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-brand-50">{text}</p>
        {children}
      </div>
    </section>
  );
}
