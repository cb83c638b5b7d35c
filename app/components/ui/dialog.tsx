import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { withClasses } from "~/components/ui/with-classes";
import { cn } from "~/lib/utils";

// Radix Dialog: focus trapped inside, returned to the trigger, Escape closes.

/** The dimmed backdrop behind a modal panel (dialog or sheet). */
export function DialogOverlay() {
  return <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />;
}

/** The 'Fechar' button in the top corner of a modal panel (dialog or sheet). */
export function DialogCornerClose() {
  return (
    <DialogPrimitive.Close className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100">
      <XIcon className="size-5" aria-hidden="true" />
      <span className="sr-only">Fechar</span>
    </DialogPrimitive.Close>
  );
}

function DialogContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6",
          className,
        )}
        {...props}
      >
        {children}
        <DialogCornerClose />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

const DialogHeader = withClasses("div", "grid gap-1.5 pr-10");
export const DialogFooter = withClasses(
  "div",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
);
const DialogTitle = withClasses(DialogPrimitive.Title, "text-xl font-bold text-slate-900");
const DialogDescription = withClasses(DialogPrimitive.Description, "text-sm text-slate-600");

/**
 * A modal opened by its trigger (a button), with a title and a line under it, then its body.
 * Pass `open` and `onOpenChange` to control it (e.g. close it when its form succeeds); without
 * a trigger it opens only by `open` (a choice in a select), and `onCloseAutoFocus` says where
 * the focus goes back.
 */
export function TitledDialog({
  trigger,
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
  ...root
}: React.ComponentProps<typeof DialogPrimitive.Root> & {
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Root {...root}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </DialogPrimitive.Root>
  );
}
