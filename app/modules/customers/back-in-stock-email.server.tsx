// The "Avise-me quando chegar" e-mail (decision 0074): composed when sent, from the variant
// as the store sells it then (today's price; nothing when it left the store meanwhile).
import { Text } from "@react-email/components";
import { formatBRL } from "~/domain/money";
import { lineName } from "~/modules/catalog";
import { saleVariants } from "~/modules/catalog/index.server";
import { type Composer, MailButton, mailFor, mailStyles } from "~/modules/mail/index.server";
import { consentFooter, consentRevoked } from "./consents.server";

export const composeBackInStockEmail: Composer = async (row) => {
  const varianteId = row.dados?.varianteId;
  if (!varianteId) return null;
  const [variant] = await saleVariants([varianteId]);
  if (!variant?.aVenda) return null;
  // Turned off after asking ("Aviso quando um produto esgotado chegar"): nothing goes out.
  if (await consentRevoked(row.destinatario, "estoque")) return null;
  const { origin, compose } = await mailFor(row, null);
  const nome = lineName(variant.nome, variant.rotulo);
  const url = `${origin}/loja/produto/${variant.produtoId}?v=${encodeURIComponent(variant.sku)}`;
  const revogar = consentFooter(origin, row.destinatario, "estoque");
  return compose(
    {
      assunto: `Chegou: ${nome}`,
      motivo:
        "Você recebeu este e-mail porque pediu para ser avisado quando este produto chegasse. O aviso é enviado uma vez só: não enviaremos outros sobre ele.",
      revogar,
    },
    <>
      <Text style={mailStyles.heading}>{nome} chegou!</Text>
      <Text style={mailStyles.text}>
        O produto que você pediu para acompanhar voltou ao estoque por {formatBRL(variant.preco)}.
        As unidades são limitadas: garanta a sua.
      </Text>
      <MailButton href={url} label="Ver o produto" copy />
    </>,
  );
};
