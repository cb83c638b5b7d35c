import { Badge } from "~/components/ui/badge";
import { describeStatus, type StatusKind, type StatusOf, type Tone } from "~/domain/statuses";
import { cn } from "~/lib/utils";

/** Each tone's colours (contrast checked by axe in the e2e suite). */
const TONE_VARIANT = {
  info: "blue",
  warning: "yellow",
  success: "green",
  danger: "red",
  progress: "purple",
  neutral: "secondary",
} as const satisfies Record<Tone, string>;

/** A status with its one label and colour (app/domain/statuses.ts), on every screen. */
export function StatusBadge<K extends StatusKind>({
  of,
  value,
  prefix,
  className,
  ...rest
}: {
  of: K;
  value: StatusOf<K>;
  /** Words before the label, e.g. "Pagamento: ". */
  prefix?: string;
  className?: string;
  "data-testid"?: string;
}) {
  const { label, tone } = describeStatus(of, value);
  return (
    <ToneBadge tone={tone} className={className} {...rest}>
      {prefix}
      {label}
    </ToneBadge>
  );
}

/** A value of any vocabulary with a tone (app/domain/vocabulary.ts), e.g. a module's own. */
export function ToneBadge({
  tone,
  className,
  children,
  ...rest
}: {
  tone: Tone;
  className?: string;
  children: React.ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Badge variant={TONE_VARIANT[tone]} className={cn(className)} data-tone={tone} {...rest}>
      {children}
    </Badge>
  );
}
