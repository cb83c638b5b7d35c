// The admin's live alerts (decision 0035): one EventSource per open panel on /admin/avisos,
// a toast per alert, a count on the menu entry it belongs to, the page reloaded when it shows
// what arrived, and, opted in per device, a sound and a browser notification. Without
// JavaScript nothing here runs and the panel works as before.
import { Bell, BellOff, Volume2, VolumeX } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { type Aviso, avisoPath, avisoText } from "~/modules/alerts";

const SOUND_KEY = "agropet:avisos:som";
const NOTIFY_KEY = "agropet:avisos:notificacao";

/** Alerts not yet seen, per menu entry (its `to`). */
const CountsContext = createContext<Record<string, number>>({});

export function useAlertCount(to: string): number {
  return useContext(CountsContext)[to] ?? 0;
}

function stored(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function store(key: string, on: boolean) {
  try {
    if (on) window.localStorage.setItem(key, "1");
    else window.localStorage.removeItem(key);
  } catch {
    // Private mode: the choice lasts for this page.
  }
}

/** A short two-tone chime, made here (no file to load). */
function chime() {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.6);
    for (const [frequency, at] of [
      [880, 0],
      [1320, 0.18],
    ] as const) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.4);
    }
    setTimeout(() => void audio.close(), 1_000);
  } catch {
    // No audio on this device.
  }
}

export function LiveAlertsProvider({
  desde,
  children,
}: {
  desde: number;
  children: React.ReactNode;
}) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const live = useRef({ pathname: location.pathname, revalidator, navigate });
  live.current = { pathname: location.pathname, revalidator, navigate };

  // What the page shows is seen: its count goes.
  useEffect(() => {
    setCounts((current) => {
      const seen = Object.keys(current).filter((to) => location.pathname.startsWith(to));
      if (seen.length === 0) return current;
      const next = { ...current };
      for (const to of seen) delete next[to];
      return next;
    });
  }, [location.pathname]);

  // One stream for the life of the panel; the browser reconnects it with its last event id.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `desde` is where this page began
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/admin/avisos?desde=${desde}`);
    source.addEventListener("aviso", (message) => {
      let aviso: Aviso;
      try {
        aviso = JSON.parse((message as MessageEvent<string>).data) as Aviso;
      } catch {
        return;
      }
      const to = avisoPath(aviso.tipo);
      const { title, description } = avisoText(aviso);
      const here = live.current.pathname.startsWith(to);
      if (here || live.current.pathname.startsWith("/admin/dashboard")) {
        live.current.revalidator.revalidate();
      }
      if (!here) setCounts((current) => ({ ...current, [to]: (current[to] ?? 0) + 1 }));
      const important = aviso.tipo === "pago_apos_cancelamento" || aviso.tipo === "contestacao";
      (important ? toast.warning : toast.info)(title, {
        description,
        duration: important ? 15_000 : 8_000,
        action: {
          label: "Ver",
          onClick: () =>
            live.current.navigate(to === "/admin/loja" ? "/admin/loja?view=pedidos" : to),
        },
      });
      if (stored(SOUND_KEY)) chime();
      if (
        stored(NOTIFY_KEY) &&
        typeof Notification !== "undefined" &&
        Notification.permission === "granted" &&
        document.visibilityState !== "visible"
      ) {
        new Notification(title, { body: description, tag: `aviso-${aviso.id}` });
      }
    });
    return () => source.close();
  }, []);

  return <CountsContext.Provider value={counts}>{children}</CountsContext.Provider>;
}

/** The header's two opt-ins for this device: a sound, and the browser's notifications. */
export function AlertPreferences() {
  const [mounted, setMounted] = useState(false);
  const [sound, setSound] = useState(false);
  const [notify, setNotify] = useState(false);
  useEffect(() => {
    setMounted(true);
    setSound(stored(SOUND_KEY));
    setNotify(
      stored(NOTIFY_KEY) &&
        typeof Notification !== "undefined" &&
        Notification.permission === "granted",
    );
  }, []);

  const toggleSound = useCallback(() => {
    const next = !stored(SOUND_KEY);
    store(SOUND_KEY, next);
    setSound(next);
    if (next) chime();
  }, []);

  const toggleNotify = useCallback(async () => {
    if (stored(NOTIFY_KEY)) {
      store(NOTIFY_KEY, false);
      setNotify(false);
      return;
    }
    if (typeof Notification === "undefined") {
      toast.error("Este navegador não mostra notificações.");
      return;
    }
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== "granted") {
      toast.error("Notificações bloqueadas: libere-as nas configurações do navegador.");
      return;
    }
    store(NOTIFY_KEY, true);
    setNotify(true);
  }, []);

  // Only with JavaScript: without it there are no live alerts to configure.
  if (!mounted) return null;
  return (
    <div className="flex items-center" data-testid="avisos-preferencias">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={toggleSound}
        aria-pressed={sound}
        aria-label={sound ? "Som dos avisos ligado" : "Som dos avisos desligado"}
        title={sound ? "Desligar o som dos novos pedidos" : "Tocar um som a cada novo pedido"}
      >
        {sound ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={() => void toggleNotify()}
        aria-pressed={notify}
        aria-label={
          notify ? "Notificações do navegador ligadas" : "Notificações do navegador desligadas"
        }
        title={
          notify
            ? "Desligar as notificações neste aparelho"
            : "Receber notificação do navegador a cada novo pedido"
        }
      >
        {notify ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
      </Button>
    </div>
  );
}
