// Hostile search (issue 39, point 4), on the large shop (large-shop.ts; --scale-fraction=<f>
// for a part of it): one customer placing orders one after another, its p99 alone and while
// 50 searchers from 50 addresses ask /loja and /loja/sugestoes for words nobody sells (100
// random letters, six consonant-only words, never the same twice, so no cache helps). Goal:
// the checkout's p99 under attack within 10× of quiet. Then, on a quiet server, the longest
// single hostile search: on PGlite the database runs in the server's own thread, so that is
// how long one search can hold the whole shop (goal: ≤ 200 ms); /healthz's worst wait during
// the attack says the same from outside.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { customerCheckout } from "../lib/checkout-form";
import { stopServer, table } from "../lib/server";
import * as harness from "./harness";
import { prepareShop } from "./scale";

const SEARCHERS = 50;
const QUIET_MS = 8_000;
const ATTACK_MS = 12_000;
const SINGLE_SEARCHES = 30;
const GOAL_RATIO = 10;
const GOAL_SINGLE_MS = 200;

interface HostileResult {
  produtos: number;
  quietP99: number;
  attackP99: number;
  quietOrders: number;
  attackOrders: number;
  searches: Record<string, number>;
  healthMax: number;
  longestSearch: number;
  longestQuery: string;
}

const letters = "abcdefghijklmnopqrstuvwxyz";
const consonants = "bcdfghjklmnpqrstvwxz";

function randomWord(alphabet: string, length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** The shapes the attack of issue 39 used, fresh each time (no cache ever answers them). */
function hostileQuery(i: number): string {
  switch (i % 4) {
    case 0:
      return randomWord(letters, 100);
    case 1:
      return Array.from({ length: 6 }, () => randomWord(consonants, 12)).join(" ");
    case 2:
      return Array.from({ length: 20 }, () => randomWord(consonants, 40)).join(" ");
    default:
      return Array.from({ length: 6 }, () => randomWord(letters, 3)).join(" ");
  }
}

function hostileUrl(i: number): string {
  const q = encodeURIComponent(hostileQuery(i));
  return i % 2 === 0 ? `/loja?q=${q}` : `/loja/sugestoes?q=${q}`;
}

function get(base: string, url: string, forwardedFor?: string) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(
        new URL(url, base),
        {
          agent: false,
          headers: {
            ...harness.BROWSER,
            ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
          );
          res.on("error", reject);
        },
      )
      .on("error", reject);
  });
}

/** One customer, one order after another, until `until` resolves: each order's time. */
async function orders(base: string, productId: string, first: number, until: Promise<unknown>) {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const times: number[] = [];
  let i = first;
  while (!done) {
    const form = new URLSearchParams(customerCheckout(i, productId, `Cliente Busca ${i}`));
    const started = performance.now();
    await harness.postForm(base, "/loja/checkout", form, harness.clientAddress(120, i));
    times.push(performance.now() - started);
    i++;
  }
  return times;
}

async function measure(kind: harness.Kind): Promise<HostileResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-busca-hostil-"));
  const shop = await prepareShop(kind, "grande", dataDir);
  try {
    const { base, child } = await harness.startApp(shop.env);
    try {
      const productId = await harness.productIdBySku(base, harness.RACE_SKU);
      await orders(base, productId, 0, new Promise((r) => setTimeout(r, 1500)));
      const quiet = await orders(
        base,
        productId,
        1000,
        new Promise((r) => setTimeout(r, QUIET_MS)),
      );
      // The attack: 50 searchers, each from its own address, one search after another.
      let stop = false;
      const searches: Record<string, number> = {};
      const searcher = async (s: number) => {
        for (let n = 0; !stop; n++) {
          const { status } = await get(
            base,
            hostileUrl(s + n),
            harness.clientAddress(130, s),
          ).catch(() => ({ status: 0 }));
          searches[status] = (searches[status] ?? 0) + 1;
        }
      };
      const attackers = Array.from({ length: SEARCHERS }, (_, s) => searcher(s));
      let healthMax = 0;
      const health = (async () => {
        while (!stop) {
          const { ms } = await get(base, "/healthz");
          healthMax = Math.max(healthMax, ms);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await new Promise((r) => setTimeout(r, 1000));
      const attack = await orders(
        base,
        productId,
        5000,
        new Promise((r) => setTimeout(r, ATTACK_MS)),
      );
      stop = true;
      await Promise.all([...attackers, health]);
      await harness.settle(base);
      // One hostile search at a time, each from an address of its own (the limiter is not
      // what is measured here): the longest.
      let longestSearch = 0;
      let longestQuery = "";
      for (let i = 0; i < SINGLE_SEARCHES; i++) {
        const url = hostileUrl(i);
        const { ms } = await get(base, url, harness.clientAddress(140, i));
        if (ms > longestSearch) {
          longestSearch = ms;
          longestQuery = decodeURIComponent(url).slice(0, 40);
        }
      }
      return {
        produtos: shop.counts?.produtos ?? 0,
        quietP99: harness.quantile(quiet, 0.99),
        attackP99: harness.quantile(attack, 0.99),
        quietOrders: quiet.length,
        attackOrders: attack.length,
        searches,
        healthMax,
        longestSearch,
        longestQuery,
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await shop.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases (PostgreSQL with DATABASE_URL); true when the goals were met. */
export async function runHostileSearch(): Promise<boolean> {
  const kinds = harness.benchKinds();
  const rows = [
    [
      "Banco",
      "produtos",
      "checkout p99 quieto (ms)",
      "p99 sob ataque (ms)",
      "×",
      "pedidos (quieto/ataque)",
      "buscas hostis (respostas)",
      "/healthz pior (ms)",
      "maior busca sozinha (ms)",
      "OK",
    ],
  ];
  let ok = true;
  for (const kind of kinds) {
    console.log(`\n[${kind}] busca hostil: ${SEARCHERS} buscadores contra o checkout ...`);
    const r = await measure(kind);
    const ratio = r.attackP99 / r.quietP99;
    const fine = ratio <= GOAL_RATIO && (kind !== "PGlite" || r.longestSearch <= GOAL_SINGLE_MS);
    ok &&= fine;
    rows.push([
      kind,
      String(r.produtos),
      r.quietP99.toFixed(1),
      r.attackP99.toFixed(1),
      ratio.toFixed(1),
      `${r.quietOrders}/${r.attackOrders}`,
      Object.entries(r.searches)
        .map(([status, n]) => `${n}× ${status}`)
        .join(", "),
      r.healthMax.toFixed(0),
      `${r.longestSearch.toFixed(0)} (${r.longestQuery}…)`,
      fine ? "sim" : "NÃO",
    ]);
  }
  console.log(
    `\nBusca hostil na loja grande: checkout de um cliente sozinho e com ${SEARCHERS} buscas hostis simultâneas (meta ≤ ${GOAL_RATIO}×; no PGlite nenhuma busca > ${GOAL_SINGLE_MS} ms)\n`,
  );
  console.log(table(rows));
  return ok;
}
