"use client";
import { useSyncExternalStore } from "react";
import { useI18n } from "@/lib/client/i18n";
import { liveStatus } from "@/lib/client/live-status";

const subscribeOnline = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

const banner = "rounded-md border border-amber-400 bg-amber-950 px-3 py-2 text-amber-100";

/**
 * Says so while the connection is down. Offline, money actions fail at once (lib/client/money-action.ts).
 * Online but with the lobby's live stream lost (a deploy, a busy server), what the page shows may be
 * late until the stream is back; money actions still go, and the server decides on fresh figures.
 */
export function ConnectionBanner() {
  const { t } = useI18n();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const live = useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get);
  if (!online) {
    return (
      <p role="status" data-testid="offline" className={banner}>
        {t.shell.connection.offline}
      </p>
    );
  }
  if (live === "reconnecting") {
    return (
      <p role="status" data-testid="reconnecting" className={banner}>
        {t.shell.connection.reconnecting}
      </p>
    );
  }
  return null;
}
