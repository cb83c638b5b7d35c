// The frame every message shares, as a react-email component: a table layout with inline
// styles and system fonts (nothing remote), the shop's name at the top and, at the foot,
// why the reader got it and who sent it (name, address, CNPJ).
import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import type { ComponentProps, CSSProperties, ReactElement, ReactNode } from "react";

/** Who sends: what the foot of every message says. */
export interface Sender {
  nome: string;
  razaoSocial: string;
  cnpj: string | null;
  endereco: string | null;
  telefone: string;
  site: string;
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const mailStyles = {
  text: { fontSize: "15px", lineHeight: "22px", color: "#1f2937", margin: "0 0 12px" },
  muted: { fontSize: "13px", lineHeight: "19px", color: "#6b7280", margin: "0 0 8px" },
  heading: { fontSize: "20px", lineHeight: "28px", color: "#14532d", margin: "0 0 12px" },
  button: {
    backgroundColor: "#15803d",
    borderRadius: "6px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "15px",
    fontWeight: 600,
    padding: "12px 20px",
    textDecoration: "none",
  },
  box: {
    backgroundColor: "#f3f4f6",
    borderRadius: "6px",
    padding: "12px 16px",
    margin: "0 0 16px",
  },
  cell: { fontSize: "14px", lineHeight: "20px", color: "#1f2937", padding: "4px 0" },
} satisfies Record<string, CSSProperties>;

export function MailLayout(props: {
  preview: string;
  sender: Sender;
  /** Why the reader got this message (one sentence). */
  motivo: string;
  /** The link that stops these messages, when they can be stopped. */
  descadastrar?: string | null;
  /** The signed link that stops every e-mail of this purpose (decision 0075). */
  revogar?: { href: string; label: string } | null;
  children: ReactNode;
}) {
  const { sender } = props;
  return (
    <Html lang="pt-BR">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#f9fafb", fontFamily: FONT, margin: 0, padding: "24px 0" }}>
        <Container
          style={{
            backgroundColor: "#ffffff",
            border: "1px solid #e5e7eb",
            borderRadius: "8px",
            maxWidth: "600px",
            padding: "24px",
          }}
        >
          <Section>
            <Text style={{ ...mailStyles.heading, fontSize: "22px" }}>{sender.nome}</Text>
          </Section>
          {props.children}
          <Hr style={{ borderColor: "#e5e7eb", margin: "24px 0 16px" }} />
          <Text style={mailStyles.muted}>{props.motivo}</Text>
          {props.descadastrar ? (
            <Text style={mailStyles.muted}>
              Não quer receber e-mails sobre o andamento deste pedido?{" "}
              <Link href={props.descadastrar} style={{ color: "#6b7280" }}>
                Parar de receber
              </Link>
              .
            </Text>
          ) : null}
          {props.revogar ? (
            <Text style={mailStyles.muted}>
              Não quer mais receber {props.revogar.label}?{" "}
              <Link href={props.revogar.href} style={{ color: "#6b7280" }}>
                Desativar em um clique
              </Link>
              .
            </Text>
          ) : null}
          <Text style={mailStyles.muted}>
            {sender.razaoSocial}
            {sender.cnpj ? ` · CNPJ ${sender.cnpj}` : ""}
            {sender.endereco ? (
              <>
                <br />
                {sender.endereco}
              </>
            ) : null}
            <br />
            {sender.telefone} ·{" "}
            <Link href={sender.site} style={{ color: "#6b7280" }}>
              {sender.site.replace(/^https?:\/\//, "")}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The message's HTML and its plain-text part, from the same component. */
export async function renderMail(element: ReactElement): Promise<{ html: string; texto: string }> {
  const [html, texto] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, texto };
}

/** The message's call to action: a button to `href` and, when `copy`, the address to copy. */
export function MailButton({ href, label, copy }: { href: string; label: string; copy?: boolean }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      <Link href={href} style={mailStyles.button}>
        {label}
      </Link>
      {copy ? (
        <Text style={{ ...mailStyles.muted, marginTop: "12px" }}>
          Ou copie este endereço: {href}
        </Text>
      ) : null}
    </Section>
  );
}

/**
 * One message as a composer returns it: `body` in the shop's frame (its preview the subject
 * unless told), rendered to HTML and plain text.
 */
export async function composeMail(
  {
    assunto,
    preview = assunto,
    ...frame
  }: Omit<ComponentProps<typeof MailLayout>, "preview" | "children"> & {
    assunto: string;
    preview?: string;
  },
  body: ReactNode,
): Promise<{ assunto: string; html: string; texto: string }> {
  const { html, texto } = await renderMail(
    <MailLayout preview={preview} {...frame}>
      {body}
    </MailLayout>,
  );
  return { assunto, html, texto };
}
