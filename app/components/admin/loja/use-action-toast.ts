// Shows the toast of an admin action's result once, when a fetcher's answer arrives.
import { useEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import { toast } from "sonner";

export interface ActionData {
  ok: boolean;
  intent?: string;
  message?: string;
  description?: string;
  errors?: Record<string, string>;
}

export function useActionToast(
  fetcher: ReturnType<typeof useFetcher>,
  options: { onSuccess?: (data: ActionData) => void; errorTitle?: string } = {},
) {
  const last = useRef<unknown>(null);
  const { onSuccess, errorTitle } = options;
  useEffect(() => {
    const result = fetcher.data as ActionData | undefined;
    if (fetcher.state !== "idle" || !result || last.current === result) return;
    last.current = result;
    if (result.ok) {
      toast.success(result.message ?? "Salvo", { description: result.description });
      onSuccess?.(result);
    } else if (result.message || errorTitle) {
      toast.error(result.message ?? errorTitle ?? "Erro", { description: result.description });
    }
  }, [fetcher.state, fetcher.data, onSuccess, errorTitle]);
  const result = fetcher.state === "idle" ? (fetcher.data as ActionData | undefined) : undefined;
  return { errors: result && !result.ok ? (result.errors ?? {}) : {} };
}
