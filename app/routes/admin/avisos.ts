// The staff's live alerts (Server-Sent Events): new orders, grooming requests and resumes,
// and charges paid after their order closed. The admin layout's script listens here.
import { alertStream } from "~/modules/alerts/index.server";
import type { Route } from "./+types/avisos";

export function loader({ request }: Route.LoaderArgs) {
  return alertStream(request);
}
