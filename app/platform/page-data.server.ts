// The data generation of the public pages: a number that moves whenever the database
// announces (trigger + NOTIFY, migration 0003) a change to what those pages show, on
// whichever instance it was made. The page cache (http/page-cache.ts) keeps a page only
// for the generation it was rendered in. While the announcements cannot be heard (the
// listening connection is down) the generation is null, and nothing is cached.
import type { Database } from "~/platform/db/client.server";

export const PAGE_DATA_CHANNEL = "agropet_paginas";

let generation: number | null = null;
let counter = 0;
/** Moves whenever hearing starts or stops: what was kept before may have missed a change. */
let listeningEpoch = 0;
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

/**
 * How long a page may show an exact stock number after a sale that crossed nothing a list
 * tells (esgotado, últimas 1 to 5): the checkout checks the real number anyway. One refresh
 * per interval, however many sales arrive (a busy Saturday: 10 orders a second).
 */
export const QUANTITY_REFRESH_MS = 5_000;
const QUANTITY_CHANNEL_TABLE = "estoque_qtd";
let quantityRefresh: ReturnType<typeof setTimeout> | undefined;

/** Moves the generation: every page kept so far is stale. */
export function pageDataChanged(table = ""): void {
  if (table === QUANTITY_CHANNEL_TABLE) {
    quantityRefresh ??= setTimeout(() => {
      quantityRefresh = undefined;
      pageDataChanged("estoque");
    }, QUANTITY_REFRESH_MS);
    quantityRefresh.unref?.();
    return;
  }
  counter += 1;
  if (generation !== null) generation = counter;
  for (const listener of listeners) listener(table);
}

export async function watchPageData(database: Database): Promise<void> {
  await stopPageDataWatch();
  stopListening = await database.listen(PAGE_DATA_CHANNEL, pageDataChanged, (listening) => {
    counter += 1;
    listeningEpoch += 1;
    generation = listening ? counter : null;
  });
}

export async function stopPageDataWatch(): Promise<void> {
  const stop = stopListening;
  stopListening = undefined;
  generation = null;
  listeningEpoch += 1;
  await stop?.();
}

/**
 * A read the storefront repeats on every request (the settings row, the served
 * neighbourhoods), kept in memory until one of `tables` announces a change, on this instance
 * or another. While announcements cannot be heard it is read every time. A writer may call
 * `forget()` as well, so its own instance does not wait the moment the announcement takes.
 */
export function keptUntilChanged<T>(tables: string[], load: () => Promise<T>) {
  let kept: { epoch: number; value: Promise<T> } | null = null;
  onPageDataChange((table) => {
    if (tables.includes(table)) kept = null;
  });
  return {
    get(): Promise<T> {
      if (generation === null) return load();
      if (kept && kept.epoch === listeningEpoch) return kept.value;
      const entry = { epoch: listeningEpoch, value: load() };
      kept = entry;
      // A failed read is not kept.
      entry.value.catch(() => {
        if (kept === entry) kept = null;
      });
      return entry.value;
    },
    forget(): void {
      kept = null;
    },
  };
}

/**
 * Like `keptUntilChanged`, for a read that takes arguments (the store listing of one search,
 * category and page): each key is kept until one of `tables` announces a change, and at most
 * `max` keys are kept, the least recently used leaving first.
 */
export function keptByKeyUntilChanged<A, T>(
  tables: string[],
  keyOf: (args: A) => string,
  load: (args: A) => Promise<T>,
  max = 200,
) {
  let kept = new Map<string, Promise<T>>();
  let keptEpoch = listeningEpoch;
  onPageDataChange((table) => {
    if (tables.includes(table)) kept = new Map();
  });
  return {
    get(args: A): Promise<T> {
      if (generation === null) return load(args);
      if (keptEpoch !== listeningEpoch) {
        kept = new Map();
        keptEpoch = listeningEpoch;
      }
      const key = keyOf(args);
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const value = load(args);
      const map = kept;
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value as string);
      value.catch(() => {
        if (map.get(key) === value) map.delete(key);
      });
      return value;
    },
    /** Whether `get(args)` would answer from what is kept (without loading). */
    has(args: A): boolean {
      return generation !== null && keptEpoch === listeningEpoch && kept.has(keyOf(args));
    },
  };
}
