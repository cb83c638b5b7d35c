// The careers module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule } from "~/platform/module.server";
import { careersPersonalData } from "./personal-data.server";

const HOUR = 60 * 60_000;

export const careersModule = defineModule({
  name: "careers",
  backup: { curriculos: "data" },
  rateLimits: [
    {
      operation: "form:curriculo",
      label: "Currículos enviados",
      rule: { max: 6, windowMs: HOUR, blockMs: HOUR },
    },
    // Every try of the resume form, valid or not (each may carry a 10 MB file): room to fix
    // mistakes, a wall for a script. Stored applications count under 'form:curriculo'.
    {
      operation: "form:curriculoTentativa",
      label: "Envios do formulário de currículo",
      rule: { max: 30, windowMs: HOUR, blockMs: HOUR },
    },
  ],
  personalData: careersPersonalData,
});
