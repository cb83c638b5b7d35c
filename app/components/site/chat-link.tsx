import type * as React from "react";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";

/** An anchor that opens the chat messenger (SPEC §7.6): new tab, no opener, encoded text. */
export function ChatLink({
  number,
  text,
  ...props
}: Omit<React.ComponentProps<"a">, "href" | "target" | "rel"> & { number: string; text?: string }) {
  return <a href={chatLink(number, text)} {...externalLinkProps} {...props} />;
}

/**
 * The site's chat button (header and mobile menu): the greeting of who comes from the site,
 * named for screen readers with the number; `children` is the visible caption.
 */
export function SiteChatLink({
  number,
  children,
  ...props
}: Omit<React.ComponentProps<typeof ChatLink>, "text" | "aria-label">) {
  return (
    <ChatLink
      number={number}
      text={`Olá! Vim pelo site da ${shop.name} e gostaria de mais informações.`}
      aria-label={`${shop.messenger} da ${shop.name}: ${formatPhoneDisplay(number)}`}
      {...props}
    >
      <WhatsappIcon className="size-5" />
      <span aria-hidden="true">{children}</span>
    </ChatLink>
  );
}

export function WhatsappIcon(props: React.ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M17.47 14.38c-.3-.15-1.76-.87-2.03-.97-.27-.1-.47-.15-.67.15-.2.3-.77.97-.94 1.17-.17.2-.35.22-.64.07-.3-.15-1.26-.46-2.39-1.47-.88-.79-1.48-1.76-1.65-2.06-.17-.3-.02-.46.13-.6.13-.14.3-.35.44-.52.15-.18.2-.3.3-.5.1-.2.05-.37-.02-.52-.08-.15-.67-1.61-.92-2.2-.24-.58-.49-.5-.67-.51h-.57c-.2 0-.52.07-.79.37-.27.3-1.04 1.02-1.04 2.48s1.07 2.88 1.21 3.08c.15.2 2.1 3.2 5.08 4.49.71.31 1.26.49 1.7.63.71.22 1.36.19 1.87.12.57-.09 1.76-.72 2-1.41.25-.7.25-1.29.17-1.41-.07-.13-.27-.2-.57-.35M12.05 21.8h-.01a9.87 9.87 0 0 1-5.03-1.38l-.36-.21-3.74.98 1-3.65-.24-.37a9.86 9.86 0 0 1-1.51-5.26c0-5.45 4.44-9.88 9.89-9.88 2.64 0 5.12 1.03 6.99 2.9a9.82 9.82 0 0 1 2.89 6.99c0 5.45-4.44 9.88-9.88 9.88m8.41-18.3A11.82 11.82 0 0 0 12.05 0C5.5 0 .16 5.33.16 11.89c0 2.1.55 4.14 1.59 5.95L.06 24l6.3-1.65a11.88 11.88 0 0 0 5.68 1.45h.01c6.55 0 11.89-5.34 11.89-11.89 0-3.18-1.24-6.16-3.48-8.41" />
    </svg>
  );
}

export function InstagramIcon(props: React.ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </svg>
  );
}
