// The answer of the team screen's last form, shown on the page (works without JavaScript).
import type { FormResult } from "~/lib/form-result";

export function ResultNotice({ result }: { result: FormResult | null | undefined }) {
  if (!result?.message) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      data-testid="equipe-resultado"
      className={
        result.ok
          ? "rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
          : "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
      }
    >
      {result.message}
      {result.description ? <span className="font-normal"> {result.description}</span> : null}
    </div>
  );
}
