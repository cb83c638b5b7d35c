// The signed-in person's role, as the admin layout's loader gave it: what the panel's menus
// show (the server checks every request again, decision 0068).
import { useRouteLoaderData } from "react-router";
import { type Capacidade, isPapel, type Papel, pode } from "~/domain/permissions";

export function usePapel(): Papel | null {
  const data = useRouteLoaderData("routes/admin/layout") as { papel?: unknown } | undefined;
  return isPapel(data?.papel) ? data.papel : null;
}

/** Whether the signed-in person may use `capacidade`. */
export function usePode(capacidade: Capacidade): boolean {
  return pode(usePapel(), capacidade);
}
