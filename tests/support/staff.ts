// A person of the shop's team, signed in (issue 41): a role and the units they work at
// (null: every unit), with their session token and cookie, for tests of what each person may
// see and do (the authorization matrix's "other unit" dimension, decision 0069).
import { beforeAll } from "vitest";
import type { Papel } from "~/domain/permissions";
import { createSession, createUser, staffOf } from "~/modules/accounts/index.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { makeRequest } from "../setup/requests";

export const STAFF_PASSWORD = "Quati-Aveia-Moinho-35";

let counter = 0;

export async function staffSession({
  papel,
  unidades,
  nome = "",
  email,
}: {
  papel: Papel;
  /** The units they work at; null: every unit. */
  unidades: string[] | null;
  nome?: string;
  email?: string;
}) {
  counter += 1;
  const user = await createUser({
    email: email ?? `${papel}${counter}-${Date.now()}@teste.com`,
    password: STAFF_PASSWORD,
    papel,
    nome,
    todasUnidades: unidades === null,
    unidadeIds: unidades ?? [],
  });
  const { token, session } = await createSession(user.id, makeRequest("/admin/login"));
  return {
    user,
    token,
    session,
    /** The Cookie header a browser of this person sends. */
    cookie: makeRequest("/admin", { token }).headers.get("cookie")!,
    /** Who they are to the admin kit: role and units. */
    staff: staffOf(user),
    /** An AdminActor of theirs, as the admin action builds it, for calling module writes. */
    actor(path = "/admin"): AdminActor & { email: string } {
      return {
        request: makeRequest(path, { token }),
        userId: user.id,
        email: user.email,
        unidades,
      };
    },
  };
}

export type StaffSession = Awaited<ReturnType<typeof staffSession>>;

/** Where a team member of the demo shop works: Meia Praia, Centro, or every unit. */
type ShopUnit = "meiaPraia" | "centro" | "todas";

/** A team member of the demo shop: role, name and the unit they work at. */
export type ShopMember = [papel: Papel, nome: string, unidade: ShopUnit];

/**
 * Team members signed in once for the file, after its earlier fixtures (the demo shop): each
 * a role, a name and the unit of `shop` it works at (read then).
 */
export function withStaff<K extends string>(
  shop: { unidadeId: string; centroId: string },
  members: Record<K, ShopMember>,
) {
  const unitsAt = (unidade: ShopUnit) =>
    unidade === "todas" ? null : [unidade === "centro" ? shop.centroId : shop.unidadeId];
  const team = {} as Record<K, StaffSession>;
  beforeAll(async () => {
    for (const [key, [papel, nome, unidade]] of Object.entries(members) as [
      K,
      (typeof members)[K],
    ][]) {
      team[key] = await staffSession({ papel, nome, unidades: unitsAt(unidade) });
    }
  });
  return team;
}
