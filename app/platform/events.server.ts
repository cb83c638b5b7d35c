// The one way a module tells the others that something changed (decision 0061). `emit` runs
// in the emitting transaction: it records the event and runs, in the same transaction, every
// subscriber the modules' manifests declare for it (mail queues e-mails, notifications queues
// webhooks, alerts writes the live alert). Either everything commits with the change or
// nothing does, as when the emitting module wrote those rows itself. The platform reads the
// subscribers from the registered modules; it imports none.
import type { Executor } from "./db/client.server";
import type { DomainEvent, EventName, EventSubscriber } from "./event-types.server";
import { registeredModules } from "./module.server";
import { eventos } from "./tables.server";

function subscribersOf(tipo: EventName): EventSubscriber[] {
  return registeredModules().flatMap((m) =>
    (m.subscribers ?? []).filter((s) => s.events.includes(tipo)),
  );
}

/** Records `event` and runs its subscribers, in `executor` (the change's transaction). */
export async function emit(executor: Executor, event: DomainEvent): Promise<void> {
  await executor.insert(eventos).values({
    tipo: event.tipo,
    resourceType: event.resourceType,
    resourceId: event.resourceId,
  });
  for (const subscriber of subscribersOf(event.tipo)) await subscriber.handle(executor, event);
}
