// A grooming booking paid online, as its integration tests drive it (decisions 0088, 0091):
// the shop of `withPixShop` on Tuesday 1 Dec 2026, 09:00 in São Paulo, an attendant of Meia
// Praia at the agenda, a booking made on the site and checked in at R$ 55,00 ("Pronto para
// buscar"), and its status page behind the secret link.
import { beforeEach, expect } from "vitest";
import { listGroomingServices } from "~/modules/grooming/index.server";
import { action as agendaAction } from "~/routes/admin/servicos-agenda";
import {
  action as bookingAction,
  loader as bookingLoader,
} from "~/routes/public/servicos-agendamento";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "./clock";
import * as factories from "./factories";
import { bookPipoca } from "./grooming-day";
import { call } from "./routes";
import { staffSession } from "./staff";

export const TODAY = "2026-12-01";

type Link = { numero: string; token: string };

/** The day, the unit and the attendant's session, set before each test. */
export function withOnlineBookingDay() {
  withTestClock("2026-12-01T12:00:00Z");
  const day = { unidadeId: "", token: "" };
  beforeEach(async () => {
    day.unidadeId = await factories.defaultUnitId();
    day.token = (
      await staffSession({ papel: "atendente", unidades: [day.unidadeId], nome: "Alice" })
    ).token;
  });

  const agendaPath = () =>
    `/admin/servicos/agenda?unidade=${day.unidadeId}&dia=${TODAY}&tosador=todos`;

  async function agenda(fields: Record<string, string>) {
    const r = await call(
      agendaAction,
      makeRequest(agendaPath(), {
        method: "POST",
        token: day.token,
        body: new URLSearchParams(fields),
      }),
    );
    expect(r.data).toMatchObject({ ok: true });
  }

  /** A booking made on the site for today. */
  async function readyBooking() {
    const banho = (await listGroomingServices({ online: true })).find((s) => s.slug === "banho")!;
    return bookPipoca({ unidadeId: day.unidadeId, banho: banho.id, email: "joana@example.com" });
  }

  /** Checked in at R$ 55,00, groomed, "Pronto para buscar". */
  async function checkInAndReady(id: string) {
    await agenda({ intent: "checkin", id, precoFinal: "55,00" });
    for (const status of ["em_atendimento", "pronto"])
      await agenda({ intent: "status", id, status });
  }

  return { day, agenda, agendaPath, readyBooking, checkInAndReady };
}

export const pagePath = (b: Link) =>
  `/servicos/agendamento/${b.numero}?token=${encodeURIComponent(b.token)}`;

/** The status page's loader data. */
export async function statusPage(b: Link) {
  const r = await call(bookingLoader, makeRequest(pagePath(b)), { numero: b.numero });
  expect(r.status).toBe(200);
  return r.data;
}

/** A form on the status page (pagar_pix, pagar_cartao, cartao_de_novo). */
export async function statusPageAct(b: Link, intent: string) {
  return call(
    bookingAction,
    makeRequest(pagePath(b), { method: "POST", body: new URLSearchParams({ intent }) }),
    { numero: b.numero },
  );
}
