import type * as React from "react";
import { Input } from "~/components/ui/input";

/** A CEP's box: the digits keypad, the browser's saved postal code, the "00000-000" mask. */
const CEP_BOX = {
  inputMode: "numeric",
  autoComplete: "postal-code",
  placeholder: "00000-000",
  maxLength: 9,
} as const;

/** A CEP, in the checkout and the account's addresses alike. */
export function CepInput(props: React.ComponentProps<"input">) {
  return <Input {...CEP_BOX} {...props} />;
}
