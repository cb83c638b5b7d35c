import { formatBRL } from "~/domain/money";

/** The options of a "Bairro" select: the neighbourhoods delivered to, each with its fee. */
export function BairroOptions({
  bairros,
}: {
  bairros: readonly { nome: string; taxaEntrega: number }[];
}) {
  return (
    <>
      <option value="">Selecione o bairro</option>
      {bairros.map((b) => (
        <option key={b.nome} value={b.nome}>
          {b.nome} ({formatBRL(b.taxaEntrega)})
        </option>
      ))}
    </>
  );
}
