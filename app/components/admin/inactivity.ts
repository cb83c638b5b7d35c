// The browser side of the 30-minute idle sign-out (SPEC §4, §9): activity is mouse, key,
// scroll and touch; checked every 60 s. While the admin is active without requests
// (a long form), a keep-alive tells the server, whose own idle clock would expire first.
import { useEffect } from "react";
import { useSubmit } from "react-router";

const IDLE_LIMIT_MS = 30 * 60 * 1000;
const IDLE_CHECK_MS = 60 * 1000;
const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "scroll", "wheel", "touchstart"];

export function useInactivityLogout() {
  const submit = useSubmit();
  useEffect(() => {
    let lastActivity = Date.now();
    let lastPing = Date.now();
    let done = false;
    const mark = () => {
      lastActivity = Date.now();
    };
    const check = async () => {
      if (done) return;
      const current = Date.now();
      if (current - lastActivity >= IDLE_LIMIT_MS) {
        done = true;
        await submit(
          { motivo: "inatividade" },
          { method: "post", action: "/admin/logout", replace: true },
        );
        return;
      }
      if (lastActivity > lastPing) {
        lastPing = current;
        try {
          const response = await fetch("/admin/sessao", { method: "POST", redirect: "manual" });
          if (response.type === "opaqueredirect" || response.status === 401) {
            done = true;
            window.location.assign("/admin/login?motivo=inatividade");
          }
        } catch {
          // Offline for a moment: the next check tries again.
        }
      }
    };
    for (const event of ACTIVITY_EVENTS) {
      document.addEventListener(event, mark, { passive: true, capture: true });
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => void check(), IDLE_CHECK_MS);
    return () => {
      for (const event of ACTIVITY_EVENTS) {
        document.removeEventListener(event, mark, { capture: true });
      }
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [submit]);
}
