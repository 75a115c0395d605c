"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { adminKeys } from "./admin-api";
import { followEvents } from "./event-stream";

/** Refreshes the console's data from /v1/admin/events (the session cookie goes along), reconnecting after a drop. */
export function useAdminLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void client.invalidateQueries({ queryKey: adminKeys.all });
      }, 500);
    };
    followEvents("/v1/admin/events", { signal: stop.signal, onEvent: refresh, onConnected: refresh });
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [client]);
}
