// A hostile search cannot hold the shop (issue 39, point 4): what reaches the database is
// bounded (at most 6 words of at most 32 letters, only conditions the trigram index serves,
// never a function computed per product), a search statement on PostgreSQL stops at its
// timeout, and an address that searches too much is answered 429 in Portuguese, for the
// listing and the suggestions alike. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_SEARCH_WORD_LENGTH, MAX_SEARCH_WORDS } from "~/modules/catalog";
import {
  enterSearchRequest,
  inSearchTurn,
  isStoreSearch,
  listStoreProducts,
  resetShopSearchBucket,
  runSearchSql,
  SEARCH_BURST,
  SEARCH_BUSY_PAGE,
  SEARCH_STATEMENT_TIMEOUT_MS,
  SearchBusyError,
  SearchTooSlowError,
  storeSuggestions,
  takeSearchToken,
} from "~/modules/catalog/index.server";
import { setClock } from "~/platform/clock.server";
import { currentDatabase, db } from "~/platform/db/client.server";
import { resetEnvCache } from "~/platform/env.server";
import { stopPageDataWatch, watchPageData } from "~/platform/page-data.server";
import { loader as storeLoader } from "~/routes/loja";
import { loader as suggestLoader } from "~/routes/loja/sugestoes";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { gate } from "../support/gate";
import { call } from "../support/routes";

const ctx = withTestDatabase();

beforeAll(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
});

afterEach(() => {
  setClock(undefined);
  vi.restoreAllMocks();
});

interface Statement {
  text: string;
  values: unknown[];
}

/** Every statement the driver runs while `fn` runs (text and parameters). */
async function statementsOf(fn: () => Promise<unknown>): Promise<Statement[]> {
  type Querying = { query: (...args: unknown[]) => Promise<unknown> };
  // PostgreSQL: every connection of the pool (a search runs in a transaction of its own);
  // PGlite: its one client.
  const target: Querying =
    currentDatabase()?.kind === "postgres"
      ? ((await import("pg")).default.Client.prototype as unknown as Querying)
      : (db() as unknown as { session: { client: Querying } }).session.client;
  const seen: Statement[] = [];
  const original = target.query;
  const spy = vi.spyOn(target, "query").mockImplementation(function (
    this: unknown,
    ...args: unknown[]
  ) {
    const [first, second] = args;
    if (typeof first === "string") seen.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === "object" && "text" in first) {
      const config = first as { text: string; values?: unknown[] };
      seen.push({ text: config.text, values: config.values ?? [] });
    }
    return original.apply(this ?? target, args);
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

const consonants = "bcdfghjklmnpqrstvwxz";
const letters = "abcdefghijklmnopqrstuvwxyz";
const word = (alphabet: string, length: number, seed: number) =>
  Array.from({ length }, (_, i) => alphabet[(seed * 7 + i * 13 + i * i) % alphabet.length]).join(
    "",
  );

/** The attack of issue 39: 100 random letters; twenty consonant-only words of 40. */
const HOSTILE = [
  word(letters, 100, 1),
  Array.from({ length: 20 }, (_, i) => word(consonants, 40, i)).join(" "),
  Array.from({ length: 12 }, (_, i) => word(letters, 3, i)).join(" "),
];

describe("what a hostile search sends the database", () => {
  it("at most 6 words of at most 32 letters, and only indexed conditions", async () => {
    for (const q of HOSTILE) {
      const statements = await statementsOf(async () => {
        expect((await listStoreProducts({ q })).total).toBe(0);
        await storeSuggestions(q);
      });
      expect(statements.length).toBeGreaterThan(0);
      for (const { text, values } of statements) {
        // Nothing computed per product: no consonant rewrite, no similarity per row.
        expect(text).not.toMatch(/regexp_replace|similarity\(|%>|<%/);
        for (const value of values) {
          if (typeof value !== "string") continue;
          // A pattern's words ('%word%', '\mword') or the ranked phrase.
          const words = value
            .replace(/^%|%$|^\\m/g, "")
            .split(" ")
            .filter(Boolean);
          expect(words.length, value).toBeLessThanOrEqual(MAX_SEARCH_WORDS);
          for (const w of words) expect(w.length, w).toBeLessThanOrEqual(MAX_SEARCH_WORD_LENGTH);
        }
      }
      // The words after the sixth never reach the database.
      const all = q.split(" ");
      const first = new Set(
        all.slice(0, MAX_SEARCH_WORDS).map((w) => w.slice(0, MAX_SEARCH_WORD_LENGTH)),
      );
      const ignored = all
        .slice(MAX_SEARCH_WORDS)
        .filter((w) => !first.has(w.slice(0, MAX_SEARCH_WORD_LENGTH)));
      const sent = new Set(
        statements.flatMap(({ values }) =>
          values.flatMap((v) =>
            typeof v === "string" ? v.replace(/^%|%$|^\\m/g, "").split(" ") : [],
          ),
        ),
      );
      for (const w of ignored) expect(sent.has(w.slice(0, MAX_SEARCH_WORD_LENGTH)), w).toBe(false);
    }
  });

  it("a consonant-only word is read through the catalogue's words, not every product", async () => {
    const statements = await statementsOf(async () => {
      expect((await listStoreProducts({ q: "racao gldn" })).produtos[0]?.nome).toBe(
        "Ração Golden Special Cães Adultos Frango e Carne 15 kg",
      );
    });
    expect(statements.some(({ values }) => values.includes("%golden%"))).toBe(true);
    for (const { text } of statements) expect(text).not.toMatch(/regexp_replace/);
  });
});

describe("the statement timeout of a search", () => {
  // PGlite has no statement timeout to set (it runs in the server's thread, bounded by the
  // indexed work above); on PostgreSQL every search statement carries one.
  const postgres = () => currentDatabase()?.kind === "postgres";

  it("is set on PostgreSQL for the statement's own transaction only", async () => {
    const [inside] = await runSearchSql<{ t: string }>(
      "select current_setting('statement_timeout') as t",
      [],
    );
    const [outside] = await runSearchSql<{ t: string }>("select 1 as t", []);
    expect(outside).toBeTruthy();
    if (postgres()) {
      expect(inside!.t).toBe(`${SEARCH_STATEMENT_TIMEOUT_MS / 1000}s`);
      await expect(runSearchSql("select pg_sleep(3)", [])).rejects.toBeInstanceOf(
        SearchTooSlowError,
      );
      // The pool's connections keep no timeout after it.
      const rows = await currentDatabase()!.db.execute("show statement_timeout" as never);
      expect(JSON.stringify(rows)).toContain('"0"');
    } else {
      expect(inside!.t).toBeTruthy();
    }
  });
});

describe("the search limit per address", () => {
  // Kept listings are what a search someone just made answers from: heard as in the server.
  beforeAll(() => watchPageData(ctx.database));
  afterAll(() => stopPageDataWatch());

  it("refuses uncached searches after the burst with a 429 in Portuguese, listing and suggestions alike", async () => {
    const at = new Date("2026-11-28T12:00:00Z");
    setClock(() => at);
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < SEARCH_BURST; i++) {
      const q = i % 2 === 0 ? `/loja?q=busca${i}` : `/loja/sugestoes?q=busca${i}`;
      const loader = i % 2 === 0 ? storeLoader : suggestLoader;
      const result = await call(loader, makeRequest(q, { ip }));
      statuses.push(result.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await call(storeLoader, makeRequest("/loja?q=mais+uma", { ip }));
    expect(refused.status).toBe(429);
    expect(refused.data.erro).toBe(
      "Muitas buscas em pouco tempo. Espere alguns segundos e tente de novo.",
    );
    expect(refused.data.produtos).toEqual([]);
    const suggestion = (await suggestLoader({
      request: makeRequest("/loja/sugestoes?q=outra", { ip }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(suggestion.status).toBe(429);
    expect(suggestion.headers.get("retry-after")).toBe("1");
    expect(await suggestion.json()).toMatchObject({ sugestoes: [] });
    // A search someone made a moment ago costs nothing and is answered.
    expect((await call(storeLoader, makeRequest("/loja?q=busca0", { ip }))).status).toBe(200);
    // Another address is not held back, and a second later this one has a search again.
    expect(
      (await call(storeLoader, makeRequest("/loja?q=mais+uma", { ip: "203.0.113.78" }))).status,
    ).toBe(200);
    setClock(() => new Date(at.getTime() + 1_000));
    expect((await call(storeLoader, makeRequest("/loja?q=mais+uma", { ip }))).status).toBe(200);
  });

  it("counts an IPv6 network by its /64", () => {
    const t = Date.parse("2026-11-28T13:00:00Z");
    for (let i = 0; i < SEARCH_BURST; i++) {
      expect(takeSearchToken(`2001:db8:1:2::${(i + 1).toString(16)}`, t)).toBe(true);
    }
    expect(takeSearchToken("2001:db8:1:2:ffff::1", t)).toBe(false);
    expect(takeSearchToken("2001:db8:1:3::1", t)).toBe(true);
  });
});

describe("searches at once on one instance", () => {
  it("one runs, four wait their turn, the next is answered 'busy' at once (503 in Portuguese)", async () => {
    const release = gate();
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await release.promise;
      running--;
      return "ok";
    };
    const turns = Array.from({ length: 5 }, () => inSearchTurn(work));
    await new Promise((r) => setTimeout(r, 20));
    expect(running).toBe(1);
    await expect(inSearchTurn(work)).rejects.toBeInstanceOf(SearchBusyError);
    // The store's page says so, with a 503 and a moment to wait; nothing is kept.
    const page = await call(storeLoader, makeRequest("/loja?q=sem+vez", { ip: "198.51.100.9" }));
    expect(page.status).toBe(503);
    expect(page.data.erro).toBe(
      "A busca da loja está muito procurada agora. Tente de novo em alguns segundos.",
    );
    const suggestion = (await suggestLoader({
      request: makeRequest("/loja/sugestoes?q=sem+vez", { ip: "198.51.100.9" }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(suggestion.status).toBe(503);
    expect(suggestion.headers.get("retry-after")).toBe("2");
    release.open();
    expect(await Promise.all(turns)).toEqual(Array(5).fill("ok"));
    expect(most).toBe(1);
    // Once the line is gone, the same search is answered.
    expect(
      (await call(storeLoader, makeRequest("/loja?q=sem+vez", { ip: "198.51.100.9" }))).status,
    ).toBe(200);
  });
});

describe("search requests at once (the HTTP layer's gate)", () => {
  it("lets two in, answers the third a short page in Portuguese, and takes the next after one leaves", () => {
    expect(isStoreSearch("/loja", "racao")).toBe(true);
    expect(isStoreSearch("/loja/sugestoes", undefined)).toBe(true);
    expect(isStoreSearch("/loja", "")).toBe(false);
    expect(isStoreSearch("/loja", undefined)).toBe(false);
    expect(isStoreSearch("/loja/carrinho", "x")).toBe(false);
    const places = Array.from({ length: 2 }, () => enterSearchRequest());
    expect(places.every((leave) => typeof leave === "function")).toBe(true);
    expect(enterSearchRequest()).toBeNull();
    // Leaving twice (close and finish) gives back one place.
    places[0]!();
    places[0]!();
    const again = enterSearchRequest();
    expect(again).toBeTypeOf("function");
    expect(enterSearchRequest()).toBeNull();
    for (const leave of [...places.slice(1), again]) leave!();
    expect(SEARCH_BUSY_PAGE).toContain('lang="pt-BR"');
    expect(SEARCH_BUSY_PAGE).toContain("Tente de novo em alguns segundos");
  });

  it("starts at most 20 uncached searches in a burst and then about 6 a second, whatever the addresses", () => {
    resetShopSearchBucket();
    const start = Date.now() + 86_400_000;
    const startOne = (at: number) => {
      const leave = enterSearchRequest(at);
      leave?.();
      return leave !== null;
    };
    const burst = Array.from({ length: 25 }, () => startOne(start));
    expect(burst.filter(Boolean)).toHaveLength(20);
    expect(burst.slice(20)).toEqual([false, false, false, false, false]);
    // One second later, six more; then none until the bucket refills.
    const next = Array.from({ length: 8 }, () => startOne(start + 1_000));
    expect(next.filter(Boolean)).toHaveLength(6);
    expect(startOne(start + 1_000)).toBe(false);
    expect(startOne(start + 60_000)).toBe(true);
  });

  it("lifts the shop-wide cap with SEARCH_RATE_PER_SECOND=0 and follows a raised rate", () => {
    const start = Date.now() + 2 * 86_400_000;
    const startMany = (n: number, at: number) =>
      Array.from({ length: n }, () => {
        const leave = enterSearchRequest(at);
        leave?.();
        return leave !== null;
      }).filter(Boolean).length;
    try {
      vi.stubEnv("SEARCH_RATE_PER_SECOND", "0");
      resetEnvCache();
      resetShopSearchBucket();
      expect(startMany(500, start)).toBe(500);
      vi.stubEnv("SEARCH_RATE_PER_SECOND", "100");
      resetEnvCache();
      resetShopSearchBucket();
      // Burst of three seconds' worth, then a hundred a second.
      expect(startMany(400, start)).toBe(300);
      expect(startMany(400, start + 1_000)).toBe(100);
    } finally {
      vi.unstubAllEnvs();
      resetEnvCache();
      resetShopSearchBucket();
    }
  });
});
