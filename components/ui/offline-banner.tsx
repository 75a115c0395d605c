"use client";
import { useSyncExternalStore } from "react";

const subscribe = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

/** Says so while the browser is offline: money actions then fail at once (lib/client/money-action.ts). */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <p role="status" data-testid="offline" className="rounded-md border border-amber-400 bg-amber-950 px-3 py-2 text-amber-100">
      You are offline. Joining, leaving or creating a room cannot be sent now, and nothing is sent later without you. The lobby updates again once you are back online.
    </p>
  );
}
