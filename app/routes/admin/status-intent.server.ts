// The intent of a status picker (a résumé, a grooming request, an order's payment): the form
// names a record and its new status; any refusal or fault answers the one message the picker
// shows.
import type { z } from "zod";
import { adminIntent, fail } from "~/platform/admin/action.server";
import type { AdminActor } from "~/platform/admin/actor.server";

export function statusIntent<S extends string>({
  schema,
  set,
  success,
  failure = "Erro ao atualizar status",
}: {
  schema: z.ZodType<{ id: string; status: S }, unknown>;
  set: (id: string, status: S, actor: AdminActor) => Promise<unknown>;
  success: string | readonly [title: string, description: string];
  failure?: string;
}) {
  return adminIntent({
    schema,
    refusal: (_error, intent) => fail(intent, failure),
    failure,
    run: async (data, { actor }) => {
      await set(data.id, data.status, actor);
      return success;
    },
  });
}
