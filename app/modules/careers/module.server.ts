// The careers module's declaration of what it adds to the shared machinery (decision 0059).
import { defineModule, HOUR_MS, rateLimit } from "~/platform/module.server";
import { careersPersonalData } from "./personal-data.server";

export const careersModule = defineModule({
  name: "careers",
  backup: { curriculos: "data" },
  rateLimits: [
    rateLimit("form:curriculo", "Currículos enviados", 6, HOUR_MS),
    // Every try of the resume form, valid or not (each may carry a 10 MB file): room to fix
    // mistakes, a wall for a script. Stored applications count under 'form:curriculo'.
    rateLimit("form:curriculoTentativa", "Envios do formulário de currículo", 30, HOUR_MS),
  ],
  personalData: careersPersonalData,
});
