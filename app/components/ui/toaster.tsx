import { Toaster as Sonner } from "sonner";

/** SPEC §9: toasts last 4000 ms, 3 visible. */
export function Toaster() {
  return <Sonner position="top-center" duration={4000} visibleToasts={3} richColors closeButton />;
}
