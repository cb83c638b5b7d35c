// The packages of baths on the pet's page in the account (issue 45 point 5, decision 0091):
// what is left of each and until when, a purchase waiting for its Pix (the QR code and the
// copia e cola) or its card payment, and the packages on offer for the pet's size with
// "Comprar por Pix" and, when the owner turned the card on, "Comprar com cartão" (0092).
import { PixCopy, PixQr } from "~/components/loja/pix-copy";
import { Button } from "~/components/ui/button";
import { formatDateTime, formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import type { PetPackagesView } from "~/modules/grooming";

export function PetPackages({ view, erro }: { view: PetPackagesView; erro: string | null }) {
  return (
    <section
      id="pacotes"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="pacotes"
    >
      <h2 className="text-lg font-bold">Pacotes de banho</h2>
      {erro ? (
        <p role="alert" className="font-medium text-red-700">
          {erro}
        </p>
      ) : null}
      {view.saldos.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum pacote ativo.</p>
      ) : (
        <ul className="grid gap-1">
          {view.saldos.map((s) => (
            <li key={s.id} data-testid="pacote-saldo" className="font-semibold text-emerald-800">
              {s.nome}: {s.restantes} de {s.sessoes} {s.sessoes === 1 ? "sessão" : "sessões"} · vale
              até {formatIsoDate(s.validoAte)}
            </li>
          ))}
        </ul>
      )}
      {view.aguardando ? (
        <div className="grid gap-2 border-t border-slate-200 pt-3" data-testid="pacote-aguardando">
          <p className="font-semibold">
            {view.aguardando.nome}: aguardando o pagamento de {formatBRL(view.aguardando.preco)}
          </p>
          {view.aguardando.cartao === "analise" ? (
            <p className="text-sm" data-testid="pacote-cartao">
              Pagamento com cartão em análise: o pacote fica ativo quando ele for aprovado (atualize
              a página).
            </p>
          ) : null}
          {view.aguardando.cartao === "recusado" ? (
            <div className="grid gap-1" data-testid="pacote-cartao">
              <p className="text-sm font-medium text-red-700">
                O pagamento com cartão não foi aprovado: o pacote continua aguardando.
              </p>
              {view.cartaoOnline ? (
                <form method="post">
                  <input type="hidden" name="intent" value="comprar_pacote_cartao" />
                  <input type="hidden" name="pacoteId" value={view.aguardando.pacoteId} />
                  <input type="hidden" name="novo" value="1" />
                  <Button type="submit" variant="outline">
                    Tentar de novo com cartão
                  </Button>
                </form>
              ) : null}
            </div>
          ) : null}
          {view.aguardando.pix ? (
            <>
              <p className="text-sm">
                Pague pelo app do seu banco: o pacote fica ativo quando o pagamento é confirmado
                (atualize a página).
                {view.aguardando.pix.expiraEm
                  ? ` Vale até ${formatDateTime(view.aguardando.pix.expiraEm)}.`
                  : null}
              </p>
              <PixQr
                svg={view.aguardando.pix.qrSvg}
                label={`QR Code Pix de ${formatBRL(view.aguardando.preco)}`}
                testId="pix-qr"
              />
              <PixCopy payload={view.aguardando.pix.copiaECola} />
            </>
          ) : view.aguardando.cartao === null ? (
            <p className="text-sm">O Pix venceu: gere outro abaixo.</p>
          ) : null}
        </div>
      ) : null}
      {(view.pixOnline || view.cartaoOnline) && view.oferta.length > 0 ? (
        <ul className="grid gap-2 border-t border-slate-200 pt-3">
          {view.oferta.map((o) => (
            <li key={o.id}>
              <form method="post" className="grid gap-1">
                <input type="hidden" name="pacoteId" value={o.id} />
                <p>
                  <span className="font-semibold">{o.nome}</span>: {o.sessoes}{" "}
                  {o.sessoes === 1 ? "sessão" : "sessões"} em {o.validadeDias} dias ·{" "}
                  {formatBRL(o.preco)}
                </p>
                <div className="flex flex-wrap gap-2">
                  {view.pixOnline ? (
                    <Button type="submit" name="intent" value="comprar_pacote" variant="outline">
                      Comprar {o.nome} por Pix
                    </Button>
                  ) : null}
                  {view.cartaoOnline ? (
                    <Button
                      type="submit"
                      name="intent"
                      value="comprar_pacote_cartao"
                      variant="outline"
                    >
                      Comprar {o.nome} com cartão
                    </Button>
                  ) : null}
                </div>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
