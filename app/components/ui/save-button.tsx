import { Save } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * A form's submit button that reads "Salvando..." and is disabled while the form is sent;
 * `icon` puts the save icon before its label.
 */
export function SaveButton({
  saving,
  icon = false,
  children,
  ...props
}: Omit<ButtonProps, "type" | "disabled"> & { saving: boolean; icon?: boolean }) {
  return (
    <Button type="submit" disabled={saving} {...props}>
      {icon ? <Save aria-hidden="true" /> : null}
      {saving ? "Salvando..." : children}
    </Button>
  );
}
