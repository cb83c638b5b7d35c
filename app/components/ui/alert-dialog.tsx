import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type * as React from "react";
import { buttonVariants } from "~/components/ui/button";
import { withClasses } from "~/components/ui/with-classes";
import { cn } from "~/lib/utils";

// Confirmation dialogs (delete a product, clear old logs).
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <AlertDialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-xl",
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}
export const AlertDialogTitle = withClasses(AlertDialogPrimitive.Title, "text-lg font-bold");
export const AlertDialogDescription = withClasses(
  AlertDialogPrimitive.Description,
  "text-sm text-slate-600",
);
/** The buttons' row: the same as a dialog's. */
export { DialogFooter as AlertDialogFooter } from "./dialog";
export const AlertDialogCancel = withClasses(
  AlertDialogPrimitive.Cancel,
  buttonVariants({ variant: "outline" }),
);
export const AlertDialogAction = withClasses(
  AlertDialogPrimitive.Action,
  buttonVariants({ variant: "destructive" }),
);
