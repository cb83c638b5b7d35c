// The name of an outbox e-mail's kind on the admin screens: each module names its own.
import { GROOMING_EMAIL_LABEL } from "~/modules/grooming";
import { ORDER_EMAIL_LABEL } from "~/modules/orders";

const LABELS: Record<string, string> = { ...ORDER_EMAIL_LABEL, ...GROOMING_EMAIL_LABEL };

export function emailKindLabel(tipo: string): string {
  return LABELS[tipo] ?? tipo;
}
