// The customers' e-mails (issue 42): the sign-in code. The code is in the queued row (as the
// tutor codes of decision 0047); the link only opens "Entrar" with the e-mail filled in: a
// link alone never signs in (mail scanners open links).
import { Link, Section, Text } from "@react-email/components";
import {
  type ComposedEmail,
  type Email,
  emailPreamble,
  MailLayout,
  mailStyles,
  renderMail,
} from "~/modules/mail/index.server";
import { SIGN_IN_CODE_EMAIL } from "./sign-in.server";

/** The mail worker's composer for the customers' kinds. */
export async function composeCustomerEmail(row: Email): Promise<ComposedEmail | null> {
  if (row.tipo !== SIGN_IN_CODE_EMAIL) return null;
  const codigo = row.dados?.codigo;
  if (!codigo) return null;
  const { origin, sender } = await emailPreamble(row, null);
  const link = `${origin}/conta/entrar?${new URLSearchParams({ email: row.destinatario })}`;
  const { html, texto } = await renderMail(
    <MailLayout
      preview={`Código ${codigo}`}
      sender={sender}
      motivo="Você recebeu este e-mail porque alguém pediu, no site, para entrar na conta deste e-mail. Se não foi você, ignore: sem o código ninguém entra."
    >
      <Text style={mailStyles.heading}>Seu código: {codigo}</Text>
      <Text style={mailStyles.text}>
        Digite este código na página "Entrar" do site, no aparelho em que você o pediu. Ele vale por
        10 minutos e serve uma vez só.
      </Text>
      <Section style={{ margin: "8px 0 16px" }}>
        <Link href={link} style={mailStyles.button}>
          Abrir a página "Entrar"
        </Link>
      </Section>
      <Text style={mailStyles.muted}>
        Nunca pedimos este código por telefone ou WhatsApp. Não o passe a ninguém.
      </Text>
    </MailLayout>,
  );
  return { assunto: `Seu código para entrar: ${codigo}`, html, texto };
}
