// When a person must turn on two-factor sign-in (issue 41 point 4, decision 0067): Dono and
// Gerente, once CARENCIA_2FA_DIAS have passed since they were invited. Pure rule.
import {
  CARENCIA_2FA_DIAS,
  MATRIZ,
  PAPEIS_COM_2FA_OBRIGATORIO,
  type Papel,
} from "~/domain/permissions";

const DAY_MS = 24 * 60 * 60 * 1000;

export type TwoFactorDue =
  | { kind: "none" }
  | { kind: "grace"; diasRestantes: number }
  | { kind: "required" };

export function twoFactorDue(
  user: { papel: Papel | null; totpAtivo: boolean; convidadoEm: Date },
  at: Date,
): TwoFactorDue {
  if (user.totpAtivo || user.papel == null || !PAPEIS_COM_2FA_OBRIGATORIO.includes(user.papel)) {
    return { kind: "none" };
  }
  const ends = user.convidadoEm.getTime() + CARENCIA_2FA_DIAS * DAY_MS;
  if (at.getTime() >= ends) return { kind: "required" };
  return { kind: "grace", diasRestantes: Math.ceil((ends - at.getTime()) / DAY_MS) };
}

/** Where a person lands after accepting an invitation: the first screen their role may open. */
export function staffHome(papel: Papel): string {
  if (MATRIZ[papel].has("relatorios.ver")) return "/admin/dashboard";
  if (MATRIZ[papel].has("pedidos.ver")) return "/admin/loja?view=pedidos";
  return "/admin/servicos/agenda";
}
