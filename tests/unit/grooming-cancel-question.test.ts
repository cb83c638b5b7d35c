// "Cancelar agendamento" asks whose booking and when (issue 39, point 12).
import { describe, expect, it } from "vitest";
import { cancelQuestion } from "~/modules/grooming";

describe("the cancel question", () => {
  it("names the pets, the weekday, the date and the time", () => {
    expect(cancelQuestion(["Thor"], "2026-12-01", "09:00")).toBe(
      "Cancelar o agendamento de Thor de ter 01/12 às 09:00?",
    );
    expect(cancelQuestion(["Thor", "Mel", "Bob"], "2026-12-05", "13:30")).toBe(
      "Cancelar o agendamento de Thor, Mel e Bob de sáb 05/12 às 13:30?",
    );
  });
});
