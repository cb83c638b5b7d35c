// An admin page's shape, stated once: its title, the capability its loader requires
// (decision 0068) and the message of its load failure give the route its `handle`, its
// `meta` and its `ErrorBoundary`; the server half (accounts' `adminLoader`) reads the
// route's `handle` for the guard and the failure:
//   export const { handle, meta, ErrorBoundary } = adminPage({ title, capability, failure });
//   export const loader = adminLoader(handle, async (args, { user, reads }) => ...);
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import type { AdminHandle, Capacidade } from "~/domain/permissions";

export interface AdminPage<C extends AdminHandle["capability"]> {
  title: string;
  /**
   * `capability`: read by the authorization matrix test and docs/permissoes.md; `failure`:
   * what the route's loader answers when its reads fail (SPEC §8 texts).
   */
  handle: { capability: C; failure?: string };
  meta: ReturnType<typeof adminMeta>;
  ErrorBoundary: () => React.JSX.Element;
}

export function adminPage<const C extends AdminHandle["capability"]>({
  title,
  capability,
  failure,
}: {
  title: string;
  capability: C;
  failure?: string;
}): AdminPage<C> {
  return {
    title,
    handle: { capability, failure },
    meta: adminMeta(title),
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when the route module loads, never during a render
    ErrorBoundary: function ErrorBoundary() {
      return <AdminLoadError title={title} message={failure} />;
    },
  };
}

/**
 * A route without a page of its own (the target of a screen's forms): the screen it serves,
 * where its address leads and its writes answer, and what opening it requires (its `handle`).
 */
export function adminFormRoute<const C extends Capacidade>(screen: string, capability: C) {
  return { screen, handle: { capability } };
}
