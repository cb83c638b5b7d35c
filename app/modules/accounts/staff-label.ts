// How an action's author is named where a history is shown (issue 41 point 5):
// "Ana (Atendente, Unidade Meia Praia)". Pure, so a component or a unit test may use it.
import { PAPEL_LABEL, type Papel } from "~/domain/permissions";

/** A person of the team as a history names them. */
export interface StaffName {
  id: string;
  email: string;
  nome: string;
  papel: Papel | null;
  /** null: every unit. */
  unidades: string[] | null;
}

/**
 * "Ana (Atendente, Unidade Meia Praia)": the name (the e-mail when it is empty), the role and
 * the units by name ("todas as unidades" for every unit; a unit since deleted is left out).
 */
export function staffLabel(
  person: StaffName,
  unitName: (id: string) => string | undefined,
): string {
  const nome = person.nome.trim() || person.email;
  const papel = person.papel ? PAPEL_LABEL[person.papel] : "Sem acesso ao painel";
  const unidades =
    person.unidades === null
      ? "todas as unidades"
      : person.unidades.flatMap((id) => unitName(id) ?? []).join(", ") || "nenhuma unidade";
  return `${nome} (${papel}, ${unidades})`;
}
