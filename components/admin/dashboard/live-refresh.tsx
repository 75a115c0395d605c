"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { followEvents } from "@/lib/client/event-stream";

// Keeps the server-drawn dashboard current: any change on /v1/admin/events has the server draw the
// page again, a quarter of a second after the first change and then at most every 5 s however busy
// the rooms are, and once a minute regardless (the current hour moves on). A reconnection draws it
// again too: changes may have been missed while away.

const AT_MOST_EVERY_MS = 5_000;
const AT_LEAST_EVERY_MS = 60_000;

export function LiveRefresh() {
  const router = useRouter();
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The page as loaded is not counted as a redraw: the first change after it shows at once.
    let drawnAt = -Infinity;
    let connections = 0;
    const redraw = () => {
      timer ??= setTimeout(
        () => {
          timer = undefined;
          drawnAt = Date.now();
          router.refresh();
        },
        Math.max(250, drawnAt + AT_MOST_EVERY_MS - Date.now()),
      );
    };
    void followEvents("/v1/admin/events", {
      signal: stop.signal,
      onEvent: redraw,
      onConnected: () => {
        if (connections++ > 0) redraw();
      },
    });
    const tick = setInterval(redraw, AT_LEAST_EVERY_MS);
    return () => {
      stop.abort();
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, [router]);
  return null;
}
