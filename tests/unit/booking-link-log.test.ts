// The request log never holds a booking link's keys (issue 39, point 10): the staff's quote
// link (`chave`) and the booking form's one-time key (`envio`, which finds its booking and
// its status link), beside the status link's `token`.
import { describe, expect, it } from "vitest";
import { redactUrl } from "~/platform/logger.server";

describe("booking links in the request log", () => {
  it("hides the quote link's key, the form's one-time key and the status token", () => {
    const logged = redactUrl(
      "/servicos/agendar?orcamento=SRV123456&chave=AbCdEfGhIjKlMnOpQrStUv&envio=0b9e6f0a-1c2d-4e5f-8a9b-0c1d2e3f4a5b&pets=1",
    );
    expect(logged).not.toContain("AbCdEfGhIjKlMnOpQrStUv");
    expect(logged).not.toContain("0b9e6f0a");
    expect(logged).toContain("orcamento=SRV123456");
    expect(logged).toContain("pets=1");
    expect(redactUrl("/servicos/agendamento/AGD001001?token=segredo123")).not.toContain(
      "segredo123",
    );
  });
});
