import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { withClasses } from "~/components/ui/with-classes";
import { cn } from "~/lib/utils";

export const Card = withClasses("div", "rounded-2xl border border-slate-200 bg-white shadow-sm");
export const CardHeader = withClasses("div", "grid gap-1.5 p-5");
const TITLE_CLASS = "text-lg font-bold text-slate-900";

const CardTitle = withClasses("h3", TITLE_CLASS);
export const CardDescription = withClasses("p", "text-sm text-slate-600");
export const CardContent = withClasses("div", "p-5 pt-0");

/**
 * A card with a title (h3), an optional description under it, an optional summary (an
 * element of its own) closing the header, and its content.
 */
export function TitledCard({
  title,
  description,
  summary,
  contentClassName,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Card>, "title"> & {
  title: React.ReactNode;
  description?: React.ReactNode;
  summary?: React.ReactNode;
  contentClassName?: string;
}) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
        {summary}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/**
 * A card that is a section of its page: an h2 title (after its icon, if any), an optional
 * description under it, and its content.
 */
export function SectionCard({
  title,
  icon: Icon,
  description,
  className,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  icon?: LucideIcon;
  description?: React.ReactNode;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <h2 className={cn("flex flex-wrap items-center gap-2", TITLE_CLASS)}>
          {Icon ? <Icon className="size-5 text-brand-700" aria-hidden="true" /> : null}
          {title}
        </h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
