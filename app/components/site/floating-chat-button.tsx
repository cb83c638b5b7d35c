import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";

/** The round chat button at the bottom right of every public page (SPEC §2.1). */
export function FloatingChatButton({
  chatNumber,
  text = `Olá! Vim pelo site da ${shop.name} e gostaria de mais informações.`,
}: {
  /** The resolved chat number: the admin's setting, else the shop's phone. */
  chatNumber: string;
  text?: string;
}) {
  return (
    <ChatLink
      number={chatNumber}
      text={text}
      aria-label={`${shop.messenger} da ${shop.name}: ${formatPhoneDisplay(chatNumber)}`}
      className="fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 hover:bg-whatsapp-dark focus-visible:outline-offset-4 motion-reduce:transition-none"
    >
      <WhatsappIcon className="size-7" />
    </ChatLink>
  );
}
