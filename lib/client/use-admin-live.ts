"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { adminKeys } from "./admin-api";

/** Refreshes the console's data from /v1/admin/events; EventSource sends the session cookie and reconnects by itself. */
export function useAdminLiveUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/v1/admin/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void client.invalidateQueries({ queryKey: adminKeys.all });
      }, 500);
    };
    source.addEventListener("room", refresh);
    source.addEventListener("balance", refresh);
    source.addEventListener("open", refresh);
    return () => {
      source.close();
      clearTimeout(timer);
    };
  }, [client]);
}
