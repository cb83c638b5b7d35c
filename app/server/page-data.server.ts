// The data generation of the public pages: a number that moves whenever the database
// announces (trigger + NOTIFY, migration 0003) a change to what those pages show, on
// whichever instance it was made. The page cache (server/page-cache.ts) keeps a page only
// for the generation it was rendered in. While the announcements cannot be heard (the
// listening connection is down) the generation is null, and nothing is cached.
import type { Database } from "./db/client.server";

export const PAGE_DATA_CHANNEL = "agropet_paginas";

let generation: number | null = null;
let counter = 0;
let stopListening: (() => Promise<void>) | undefined;

/** The current generation, or null while changes could go unheard. */
export function pageDataGeneration(): number | null {
  return generation;
}

const listeners = new Set<(table: string) => void>();

/** Calls `listener` with the table named by each announcement, once the generation moved. */
export function onPageDataChange(listener: (table: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Moves the generation: every page kept so far is stale. */
export function pageDataChanged(table = ""): void {
  counter += 1;
  if (generation !== null) generation = counter;
  for (const listener of listeners) listener(table);
}

export async function watchPageData(database: Database): Promise<void> {
  await stopPageDataWatch();
  stopListening = await database.listen(PAGE_DATA_CHANNEL, pageDataChanged, (listening) => {
    counter += 1;
    generation = listening ? counter : null;
  });
}

export async function stopPageDataWatch(): Promise<void> {
  const stop = stopListening;
  stopListening = undefined;
  generation = null;
  await stop?.();
}
