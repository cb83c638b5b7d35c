import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { DialogCornerClose, DialogOverlay } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";

// A side panel built on Radix Dialog (mobile menu, mobile admin sidebar).
export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

export function SheetContent({
  side = "right",
  className,
  children,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: "left" | "right" }) {
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay />
      <SheetPrimitive.Content
        className={cn(
          "fixed inset-y-0 z-50 flex w-[18rem] max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl",
          side === "right" ? "right-0" : "left-0",
          className,
        )}
        {...props}
      >
        {children}
        <DialogCornerClose />
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
