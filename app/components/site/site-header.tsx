import { KeyRoundIcon, PawPrintIcon } from "lucide-react";
import { Link } from "react-router";
import { AccountLink } from "~/components/conta/account-link";
import { SiteChatLink } from "~/components/site/chat-link";
import { HeaderIconLink } from "~/components/site/header-icon-link";
import { MobileMenu } from "~/components/site/mobile-menu";
import { SiteNavItems } from "~/components/site/nav-items";
import { shop } from "~/content/shop";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-800"
      : "text-slate-700 hover:bg-slate-100 hover:text-brand-800"
  }`;

function SiteLogo() {
  return (
    <Link
      reloadDocument
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg font-extrabold text-brand-800"
    >
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 text-white">
        <PawPrintIcon className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg leading-tight">{shop.name}</span>
    </Link>
  );
}

/** The fixed header of the public pages (SPEC §2.1), with its mobile menu. */
export function SiteHeader({ chatNumber }: { chatNumber: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-2 sm:px-4">
        <SiteLogo />
        <nav aria-label="Principal" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <SiteNavItems className={linkClass} />
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <SiteChatLink
            number={chatNumber}
            className="hidden min-h-11 items-center gap-2 rounded-lg bg-whatsapp-dark px-4 text-sm font-semibold text-white hover:bg-brand-800 sm:inline-flex"
          >
            {shop.messenger}
          </SiteChatLink>
          <AccountLink />
          <HeaderIconLink to="/admin" label="Acesso administrativo" className="text-slate-600">
            <KeyRoundIcon className="size-4" aria-hidden="true" />
          </HeaderIconLink>
          <MobileMenu chatNumber={chatNumber} />
        </div>
      </div>
    </header>
  );
}
