// How a history names who acted (issue 41 point 5): name or e-mail, role, units by name.
import { describe, expect, it } from "vitest";
import { staffLabel } from "~/modules/accounts/staff-label";

const units = new Map([
  ["a", "Unidade Meia Praia"],
  ["b", "Unidade Centro"],
]);
const name = (id: string) => units.get(id);

describe("staffLabel", () => {
  it("names the person, their role and their units", () => {
    const ana = { id: "1", email: "ana@x.com", nome: "Ana", papel: "atendente", unidades: ["a"] };
    expect(staffLabel({ ...ana, papel: "atendente" }, name)).toBe(
      "Ana (Atendente, Unidade Meia Praia)",
    );
    expect(staffLabel({ ...ana, papel: "gerente", unidades: ["a", "b", "gone"] }, name)).toBe(
      "Ana (Gerente, Unidade Meia Praia, Unidade Centro)",
    );
  });

  it("falls back to the e-mail, says 'todas as unidades' for every unit", () => {
    expect(
      staffLabel({ id: "2", email: "dono@x.com", nome: "  ", papel: "dono", unidades: null }, name),
    ).toBe("dono@x.com (Dono, todas as unidades)");
  });
});
