// A login flood: 300 concurrent admin logins from 300 IPs (unknown e-mails) while one client
// asks /loja/resumo again and again; its p99 during the flood against its quiet p99 (goal:
// under 10×), and how the logins were answered (503 at once when argon2's turns are taken).
// The shop's owner, who signed in from this browser before (its device cookie), signs in
// again in the middle of the flood: her answer is in the table (302: in).
import http from "node:http";
import { Worker } from "node:worker_threads";
import { table } from "../lib/server";
import * as harness from "./harness";
import { postLogin } from "./lib/requests";

const FLOOD_LOGINS = 300;
const OWNER = { email: "dona.enxurrada@agropet.com.br", password: "Enxurrada-Jacare-Milho-72" };

interface FloodResult {
  quietP99: number;
  floodP99: number;
  quietSamples: number;
  floodSamples: number;
  seconds: number;
  statuses: Record<string, number>;
  /** The owner's sign-in from her known browser during the flood: its status. */
  owner: number;
}

/** The owner's login as her browser posts it; `cookie` her device cookie, if any. */
async function ownerLogin(base: string, cookie?: string) {
  const res = await postLogin(base, OWNER, {
    "x-forwarded-for": harness.clientAddress(91, 1),
    ...(cookie ? { cookie } : {}),
  });
  await res.arrayBuffer();
  const device = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("agropet_dispositivo="));
  return { status: res.status, device };
}

/**
 * The attackers' side, in a thread of its own: the 300 logins, written here as the login page
 * posts them (harness.formRequest), each sent from its own connection and IP. Their client
 * work (300 connections at once) then does not delay the probe's event loop, only the
 * machine's cores, as separate attackers would.
 */
const FLOOD_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const http = require("node:http");
function post({ url, headers, body }) {
  return new Promise((resolve) => {
    const req = http.request(url, { method: "POST", agent: false, headers }, (res) => {
      res.resume();
      const refused = Number(res.headers["x-refusal-status"]);
      res.on("end", () => resolve(refused || res.statusCode || 0));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}
Promise.all(workerData.map(post)).then((statuses) => parentPort.postMessage(statuses));
`;

/** FLOOD_LOGINS concurrent admin logins from as many IPs; their statuses. */
function floodLogins(base: string): Promise<number[]> {
  const requests = Array.from({ length: FLOOD_LOGINS }, (_, i) => {
    const form = new URLSearchParams({
      email: `invasor${i}@exemplo.com`,
      password: `tentativa-${i}-senha`,
      redirectTo: "",
    });
    return harness.formRequest(base, "/admin/login", form, harness.clientAddress(90, i));
  });
  const worker = new Worker(FLOOD_WORKER, { eval: true, workerData: requests });
  return new Promise<number[]>((resolve, reject) => {
    worker.once("message", (statuses: number[]) => {
      resolve(statuses);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** Asks `url` one request after another (one kept-alive connection) until `until` resolves. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: harness.BROWSER }, (res) => {
          res.resume();
          res.on("end", () => resolve());
          res.on("error", reject);
        })
        .on("error", reject);
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

/** /loja/resumo's p99 alone for 5 s, then during FLOOD_LOGINS concurrent logins. */
async function measureFlood(base: string, productId: string): Promise<FloodResult> {
  const url = `${base}/loja/resumo?itens=${productId}:1`;
  const { device } = await ownerLogin(base);
  if (!device) throw new Error("a dona não recebeu o cookie de aparelho");
  await probe(url, new Promise((r) => setTimeout(r, 1000)));
  const quiet = await probe(url, new Promise((r) => setTimeout(r, 5000)));
  const started = performance.now();
  const logins = floodLogins(base);
  // The owner, a moment into the flood.
  const owner = new Promise((r) => setTimeout(r, 200)).then(() => ownerLogin(base, device));
  // At least a second of probing, and for as long as the logins take.
  const flood = await probe(
    url,
    Promise.all([logins, owner, new Promise((r) => setTimeout(r, 1000))]),
  );
  const statuses: Record<string, number> = {};
  for (const status of await logins) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    quietP99: harness.quantile(quiet, 0.99),
    floodP99: harness.quantile(flood, 0.99),
    quietSamples: quiet.length,
    floodSamples: flood.length,
    seconds: (performance.now() - started) / 1000,
    statuses,
    owner: (await owner).status,
  };
}

export const loginFlood: harness.Scenario<unknown, FloodResult> = {
  name: "login-flood",
  async prepare(env) {
    env.ADMIN_EMAIL = OWNER.email;
    env.ADMIN_PASSWORD = OWNER.password;
  },
  async run({ kind, base, productId }) {
    console.log(`[${kind}] enxurrada de ${FLOOD_LOGINS} logins ...`);
    return measureFlood(base, productId);
  },
  report(results) {
    const rows = [
      [
        "Banco",
        "logins",
        "respostas",
        "tempo (s)",
        "p99 quieto (ms)",
        "p99 na enxurrada (ms)",
        "×",
        "amostras",
        "dona (aparelho conhecido)",
        "OK (< 10×)",
      ],
    ];
    let ok = true;
    for (const { kind, result: flood } of results) {
      const ratio = flood.floodP99 / flood.quietP99;
      ok &&= ratio < 10 && flood.owner === 302;
      rows.push([
        kind,
        String(FLOOD_LOGINS),
        Object.entries(flood.statuses)
          .map(([status, n]) => `${n}× ${status}`)
          .join(", "),
        flood.seconds.toFixed(2),
        flood.quietP99.toFixed(1),
        flood.floodP99.toFixed(1),
        ratio.toFixed(1),
        `${flood.quietSamples}/${flood.floodSamples}`,
        flood.owner === 302 ? "entrou (302)" : `NÃO (${flood.owner})`,
        ratio < 10 ? "sim" : "NÃO",
      ]);
    }
    console.log(
      `\n/loja/resumo durante ${FLOOD_LOGINS} logins simultâneos de ${FLOOD_LOGINS} IPs\n`,
    );
    console.log(table(rows));
    return ok;
  },
};
