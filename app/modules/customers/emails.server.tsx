// The customers' e-mails (issue 42): the sign-in code. The code is in the queued row (as the
// tutor codes of decision 0047); the link only opens "Entrar" with the e-mail filled in: a
// link alone never signs in (mail scanners open links).
import { Text } from "@react-email/components";
import { type Composer, MailButton, mailFor, mailStyles } from "~/modules/mail/index.server";
import { SIGN_IN_CODE_EMAIL } from "./sign-in.server";

/** The mail worker's composer for the customers' kinds. */
export const composeCustomerEmail: Composer = async (row) => {
  if (row.tipo !== SIGN_IN_CODE_EMAIL) return null;
  const codigo = row.dados?.codigo;
  if (!codigo) return null;
  const { origin, compose } = await mailFor(row, null);
  const link = `${origin}/conta/entrar?${new URLSearchParams({ email: row.destinatario })}`;
  return compose(
    {
      assunto: `Seu código para entrar: ${codigo}`,
      preview: `Código ${codigo}`,
      motivo:
        "Você recebeu este e-mail porque alguém pediu, no site, para entrar na conta deste e-mail. Se não foi você, ignore: sem o código ninguém entra.",
    },
    <>
      <Text style={mailStyles.heading}>Seu código: {codigo}</Text>
      <Text style={mailStyles.text}>
        Digite este código na página "Entrar" do site, no aparelho em que você o pediu. Ele vale por
        10 minutos e serve uma vez só.
      </Text>
      <MailButton href={link} label='Abrir a página "Entrar"' />
      <Text style={mailStyles.muted}>
        Nunca pedimos este código por telefone ou WhatsApp. Não o passe a ninguém.
      </Text>
    </>,
  );
};
