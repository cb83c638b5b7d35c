// A local server answering like ViaCEP (/ws/:cep/json/) and BrasilAPI (/api/cep/v1/:cep),
// each source set to answer, not know the CEP, fail, or be slow.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Mode = "ok" | "not-found" | "down" | "slow";
interface Address {
  rua: string;
  bairro: string;
  cidade: string;
  uf: string;
}

export async function startFakeCep() {
  const state = {
    viacep: "ok" as Mode,
    brasilapi: "ok" as Mode,
    slowMs: 1500,
    addresses: new Map<string, Address>(),
    asked: [] as string[],
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? "";
    const via = /^\/ws\/(\d{8})\/json\/$/.exec(url);
    const brasil = /^\/api\/cep\/v1\/(\d{8})$/.exec(url);
    const source = via ? "viacep" : brasil ? "brasilapi" : null;
    if (!source) return res.writeHead(404).end();
    state.asked.push(source);
    const cep = (via ?? brasil)![1]!;
    const mode = state[source];
    const send = () => {
      if (mode === "down")
        return res.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>");
      const found = state.addresses.get(cep);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (source === "viacep") {
        if (mode === "not-found" || !found) return json(200, { erro: "true" });
        return json(200, {
          cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
          logradouro: found.rua,
          complemento: "",
          bairro: found.bairro,
          localidade: found.cidade,
          uf: found.uf,
          ibge: "4208302",
        });
      }
      if (mode === "not-found" || !found) {
        return json(404, {
          name: "CepPromiseError",
          message: "Todos os serviços de CEP retornaram erro.",
          type: "service_error",
        });
      }
      return json(200, {
        cep,
        state: found.uf,
        city: found.cidade,
        neighborhood: found.bairro,
        street: found.rua,
        service: "correios",
      });
    };
    if (mode === "slow") setTimeout(send, state.slowMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
