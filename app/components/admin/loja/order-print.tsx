import { type PrintFormat, PrintFrame } from "~/components/admin/print-frame";
import { formatBRL } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import type { PrintOrder } from "~/modules/orders";

export type { PrintFormat };

/**
 * The order sheets and, on screen only, the bar that picks A4 or the 80 mm receipt and
 * prints. The print rules (page size, what hides) are in app.css, "Folhas de pedido".
 */
export function OrderPrintPage({
  orders,
  formato,
  titulo,
  vazio,
}: {
  orders: PrintOrder[];
  formato: PrintFormat;
  titulo: string;
  vazio: string;
}) {
  return (
    <PrintFrame
      formato={formato}
      heading={<h1 className="mr-auto font-bold text-slate-900">{titulo}</h1>}
      printable={orders.length > 0}
    >
      {orders.length === 0 ? (
        <p className="p-6 text-center text-slate-700">{vazio}</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] justify-items-center gap-4 py-4 print:block print:py-0">
          {orders.map((o) => (
            <OrderSheet key={o.numero} order={o} formato={formato} />
          ))}
        </div>
      )}
    </PrintFrame>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "font-bold" : ""}`}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

function OrderSheet({ order: o, formato }: { order: PrintOrder; formato: PrintFormat }) {
  const receipt = formato === "80mm";
  return (
    <article
      className={`print-sheet print-sheet-${formato} bg-white text-black shadow print:shadow-none ${
        receipt ? "p-2 text-[11px] leading-tight" : "p-8 text-sm"
      }`}
      data-testid="print-sheet"
      aria-label={`Pedido ${o.numero}`}
    >
      <p
        className={`mb-3 grid gap-0.5 border-b border-black pb-2 ${receipt ? "text-center" : ""}`}
        data-testid="print-loja"
      >
        <span className={`font-extrabold ${receipt ? "text-sm" : "text-lg"}`}>{o.loja.nome}</span>
        <span>
          {o.loja.razaoSocial}
          {o.loja.cnpj ? ` · CNPJ ${o.loja.cnpj}` : ""}
        </span>
        <span>Tel./WhatsApp {o.loja.telefone}</span>
      </p>
      {/* One set of alignment classes per paper: "items-start" and "items-center" together left
          the receipt's QR at the left edge (whichever the stylesheet put last won). */}
      <header
        className={`flex gap-3 ${receipt ? "flex-col items-center text-center" : "items-start"}`}
      >
        <div
          className={receipt ? "mx-auto size-24" : "size-28 shrink-0"}
          data-testid="print-qr"
          role="img"
          aria-label={`QR do pedido ${o.numero}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG made on the server by qrcode from the order number
          dangerouslySetInnerHTML={{ __html: o.qrSvg }}
        />
        <div className="grid gap-0.5">
          <p className={`font-extrabold ${receipt ? "text-base" : "text-2xl"}`}>
            Pedido {o.numero}
          </p>
          <p>{o.criadoEm}</p>
          <p>Status: {o.status}</p>
        </div>
      </header>

      <section
        className={`mt-3 grid gap-0.5 ${receipt ? "border-t border-dashed border-black pt-2" : ""}`}
      >
        <p className="font-bold">Cliente</p>
        <p>{o.cliente.nome}</p>
        <p>{formatPhoneDisplay(o.cliente.telefone)}</p>
        {o.cliente.email ? <p>{o.cliente.email}</p> : null}
      </section>

      <section
        className={`mt-3 grid gap-0.5 ${receipt ? "border-t border-dashed border-black pt-2" : ""}`}
      >
        {o.retirada ? (
          <>
            <p className="font-bold">Retirar na loja: {o.retirada.unidade}</p>
            {o.retirada.codigo ? (
              <p>
                Código de retirada:{" "}
                <span className="font-mono text-base font-extrabold tracking-widest">
                  {o.retirada.codigo}
                </span>
              </p>
            ) : null}
          </>
        ) : o.entrega ? (
          <>
            <p className="font-bold">Entrega</p>
            <p>
              {o.entrega.endereco} — {o.entrega.bairro}
            </p>
            {o.cep ? <p>CEP {o.cep}</p> : null}
            {o.entrega.referencia ? <p>Referência: {o.entrega.referencia}</p> : null}
            {o.entrega.janela ? <p>Período: {o.entrega.janela}</p> : null}
            {o.unidade ? <p>Sai da: {o.unidade}</p> : null}
          </>
        ) : null}
      </section>

      <table
        className={`mt-3 w-full border-collapse ${receipt ? "border-t border-dashed border-black" : ""}`}
      >
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-1 pr-1">Qtd</th>
            <th className="py-1 pr-1">Item</th>
            {receipt ? null : <th className="py-1 pr-1">SKU</th>}
            {receipt ? null : <th className="py-1 pr-1 text-right">Unitário</th>}
            <th className="py-1 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {o.itens.map((i) => (
            <tr key={`${i.sku}-${i.nome}`} className="border-b border-slate-300 align-top">
              <td className="py-1 pr-1 tabular-nums">{i.quantidade}×</td>
              <td className="py-1 pr-1">
                {i.nome}
                {receipt && i.sku ? <span className="block">SKU {i.sku}</span> : null}
              </td>
              {receipt ? null : <td className="py-1 pr-1 font-mono">{i.sku ?? "—"}</td>}
              {receipt ? null : (
                <td className="py-1 pr-1 text-right tabular-nums">{formatBRL(i.preco)}</td>
              )}
              <td className="py-1 text-right tabular-nums">{formatBRL(i.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section className={`mt-2 grid gap-0.5 ${receipt ? "" : "ml-auto max-w-xs"}`}>
        <Line label="Subtotal" value={formatBRL(o.subtotal)} />
        {o.desconto > 0 ? (
          <Line
            label={o.cupom ? `Desconto (cupom ${o.cupom})` : "Desconto"}
            value={`− ${formatBRL(o.desconto)}`}
          />
        ) : null}
        {o.descontoPix > 0 ? (
          <Line label="Desconto Pix" value={`− ${formatBRL(o.descontoPix)}`} />
        ) : null}
        {o.entrega ? (
          <Line
            label="Taxa de entrega"
            value={o.taxaEntrega > 0 ? formatBRL(o.taxaEntrega) : "Grátis"}
          />
        ) : null}
        <Line label="Total" value={formatBRL(o.total)} strong />
      </section>

      <section
        className={`mt-3 grid gap-0.5 ${receipt ? "border-t border-dashed border-black pt-2" : ""}`}
      >
        <p>
          <span className="font-bold">Pagamento:</span> {o.pagamento.forma} · {o.pagamento.status}
        </p>
        {o.pagamento.trocoPara ? <p>Troco para {formatBRL(o.pagamento.trocoPara)}</p> : null}
        {o.observacoes ? (
          <p>
            <span className="font-bold">Observações:</span> {o.observacoes}
          </p>
        ) : null}
      </section>
    </article>
  );
}
