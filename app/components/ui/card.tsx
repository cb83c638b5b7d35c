import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-2xl border border-slate-200 bg-white shadow-sm", className)}
      {...props}
    />
  );
}
export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 p-5", className)} {...props} />;
}
const TITLE_CLASS = "text-lg font-bold text-slate-900";

export function CardTitle({ className, ...props }: React.ComponentProps<"h3">) {
  return <h3 className={cn(TITLE_CLASS, className)} {...props} />;
}
export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}
export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("p-5 pt-0", className)} {...props} />;
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
