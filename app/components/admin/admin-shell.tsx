import { LogOut, PanelLeft } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useInactivityLogout } from "~/components/admin/inactivity";
import { AlertPreferences, LiveAlertsProvider } from "~/components/admin/live-alerts";
import { AdminNavList, AdminSidebar } from "~/components/admin/sidebar";
import { sidebarCookie } from "~/components/admin/sidebar-state";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * The frame of every /admin page: sidebar (collapsed to icons by default, Ctrl/Cmd+B
 * toggles, a slide-in panel under 768 px), the header with 'Sair', and the idle sign-out.
 */
export function AdminShell({
  email,
  sidebarOpen,
  avisosDesde,
  children,
}: {
  email: string;
  sidebarOpen: boolean;
  /** The newest alert when the page was rendered: the live alerts start after it. */
  avisosDesde: number;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(sidebarOpen);
  const openRef = useRef(sidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigation = useNavigation();
  useInactivityLogout();

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((value) => !value);
      return;
    }
    const next = !openRef.current;
    openRef.current = next;
    setOpen(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the layout loader reads on the server
    document.cookie = sidebarCookie(next);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const checking =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");

  return (
    <LiveAlertsProvider desde={avisosDesde}>
      <div className="flex min-h-dvh bg-slate-50">
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Pular para o conteúdo
        </a>
        <AdminSidebar open={open} />
        <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
          <SheetContent side="left" id="admin-sidebar-mobile" className="w-[18rem] p-3 pt-5">
            <SheetTitle className="px-2 text-lg font-bold text-brand-800">Agropet Admin</SheetTitle>
            <SheetDescription className="sr-only">Seções do painel administrativo</SheetDescription>
            <nav aria-label="Seções do painel" className="flex flex-1">
              <AdminNavList collapsed={false} onNavigate={() => setMobileOpen(false)} />
            </nav>
          </SheetContent>
        </Sheet>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur sm:px-4">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={toggle}
              aria-label="Alternar menu lateral (Ctrl+B)"
              aria-controls="admin-sidebar"
              aria-expanded={open}
              data-testid="sidebar-toggle"
            >
              <PanelLeft className="size-5" aria-hidden="true" />
            </Button>
            <p className="truncate text-base font-bold text-slate-900 sm:text-lg">
              Painel Administrativo
            </p>
            <div className="ml-auto flex items-center gap-2">
              <AlertPreferences />
              <span className="hidden max-w-56 truncate text-sm text-slate-600 lg:inline">
                {email}
              </span>
              <Form method="post" action="/admin/logout">
                <Button type="submit" variant="outline" size="sm">
                  <LogOut aria-hidden="true" />
                  Sair
                </Button>
              </Form>
            </div>
          </header>
          {checking ? (
            <div
              role="status"
              className="flex items-center gap-2 border-b border-brand-200 bg-brand-50 px-4 py-1.5 text-sm text-brand-800"
            >
              <span className="size-2 animate-pulse rounded-full bg-brand-600" aria-hidden="true" />
              Verificando permissões...
            </div>
          ) : null}
          <main id="conteudo" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
            {children}
          </main>
        </div>
      </div>
    </LiveAlertsProvider>
  );
}
