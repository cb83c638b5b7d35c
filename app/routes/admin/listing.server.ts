// A page that lists what the person's units hold (the stock counts, the transfers): its loader
// reads the listing for those units only (decision 0069); a failed read answers the page's
// failure message.
import type { Capacidade } from "~/domain/permissions";
import { adminLoader } from "~/modules/accounts/index.server";
import type { StaffUser } from "~/platform/admin/action.server";

export function unitListingLoader<T>(
  handle: { capability: Capacidade; failure?: string },
  list: (scope: StaffUser) => Promise<T>,
) {
  return adminLoader(handle, async (_args: { request: Request }, { staff, reads }) => ({
    listing: await reads(() => list(staff)),
  }));
}
