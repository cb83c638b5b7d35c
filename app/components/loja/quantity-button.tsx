import { MinusIcon, PlusIcon } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * One step of a quantity control that the store's islands drive: they find it by its
 * `data-menos` / `data-mais` hook (whose value, when set, is the label to fill in per line).
 */
export function QuantityButton({
  change,
  label,
  hook = "",
  disabled,
}: {
  change: "menos" | "mais";
  label: string;
  hook?: string;
  disabled?: boolean;
}) {
  const Icon = change === "menos" ? MinusIcon : PlusIcon;
  return (
    <Button
      variant="outline"
      size="icon"
      disabled={disabled}
      aria-label={label}
      {...{ [`data-${change}`]: hook }}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
