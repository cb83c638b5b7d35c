// The plain, compact controls of the "compra programada" forms (the account's page and the
// card a reminder's link opens): one box style, and the field's error under its control.
import type * as React from "react";
import { INTERVALO_MAX, INTERVALO_MIN } from "~/domain/assinatura";
import { cn } from "~/lib/utils";

const PLAIN_BOX = "rounded-md border border-slate-300 px-2 py-1";

/** An input in the plain box; `className` adds before it (a width). */
export function PlainInput({ className, ...props }: React.ComponentProps<"input">) {
  return <input {...props} className={cn(className, PLAIN_BOX)} />;
}

/** A select in the plain box. */
export function PlainSelect(props: Omit<React.ComponentProps<"select">, "className">) {
  return <select {...props} className={PLAIN_BOX} />;
}

/** The error a refused post gave the field, when there is one. */
export function PlainError({ error }: { error: string | undefined }) {
  return error ? <span className="text-red-700">{error}</span> : null;
}

/** A label around its control (and any note), with the field's error last. */
export function PlainLabel({
  label,
  error,
  children,
}: {
  label: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes as a child
    <label className="grid gap-1">
      {label}
      {children}
      <PlainError error={error} />
    </label>
  );
}

/** A subscription's interval in days, within the bounds the server accepts. */
export function IntervalInput({ defaultValue }: { defaultValue: number }) {
  return (
    <PlainInput
      type="number"
      name="intervaloDias"
      min={INTERVALO_MIN}
      max={INTERVALO_MAX}
      defaultValue={defaultValue}
      required
      className="w-24"
    />
  );
}
