import Link from "next/link";
import { ResendButton } from "@/components/admin/resend-button";
import { Table } from "@/components/ui/data-table";
import { db } from "@/lib/runtime/database";
import { consoleIdentity } from "@/lib/admin/page-session";
import { endpoints } from "@/lib/api/endpoints";
import { config } from "@/lib/env";
import { roleAllows } from "@/lib/operators/roles";
import { deliveryBacklog, findRecentEvents, type RecentEvent } from "@/lib/platform/queries";

// Room events for the platform: what was sent, what waits, what failed, and "send again".
export const dynamic = "force-dynamic";

const at = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 19) : "—");

function stateOf(e: RecentEvent, pushed: boolean): string {
  if (e.deliveredAt) return `delivered ${at(e.deliveredAt)}`;
  if (!pushed) return "not pushed";
  if (e.abandonedAt) return `given up ${at(e.abandonedAt)}`;
  return e.attempts === 0 ? "waiting to be sent" : `next try ${at(e.nextAttemptAt)}`;
}

export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<{ show?: string }> }) {
  const identity = await consoleIdentity();
  if (!identity) return null;
  const { show } = await searchParams;
  const undeliveredOnly = show === "undelivered";
  const database = await db();
  const [backlog, events] = await Promise.all([deliveryBacklog(database), findRecentEvents(database, { limit: 100, undeliveredOnly })]);
  const { eventsUrl } = config().platform;
  // "Send again" for the roles its endpoint allows, and only when events are pushed.
  const resend = !!eventsUrl && roleAllows(identity.role, endpoints.resendPlatformEvent.role);
  return (
    <section className="space-y-4" aria-labelledby="deliveries">
      <h1 id="deliveries" className="text-2xl font-semibold">
        Platform events
      </h1>
      <p className="text-slate-300">
        {eventsUrl ? (
          <>
            Pushed to <code className="break-all">{eventsUrl}</code>. {backlog.pending} not yet delivered
            {backlog.pending > 0 ? `, the oldest from ${Math.round(backlog.oldestSeconds)} s ago` : ""}.
          </>
        ) : (
          <>PLATFORM_EVENTS_URL is not set: nothing is pushed. The platform reads these with POST /wallet/events.</>
        )}
      </p>
      <nav aria-label="Which events" className="flex gap-4">
        <Link href="/admin/deliveries" aria-current={undeliveredOnly ? undefined : "page"} className="text-sky-300 underline">
          Newest 100
        </Link>
        <Link href="/admin/deliveries?show=undelivered" aria-current={undeliveredOnly ? "page" : undefined} className="text-sky-300 underline">
          Not delivered
        </Link>
      </nav>
      <Table
        caption="Room events for the platform, newest first"
        head={resend ? ["Event", "Room", "Happened", "Attempts", "Last answer", "Delivery", "Action"] : ["Event", "Room", "Happened", "Attempts", "Last answer", "Delivery"]}
        rows={events.map((e) => [
          <span key="e" className="whitespace-nowrap">
            {e.type}
            <br />
            <code className="text-xs text-slate-400">{e.eventId}</code>
          </span>,
          <Link key="r" href={`/admin/rooms/${e.roomId}`} className="text-sky-300 underline">
            {e.roomId.slice(0, 8)}
          </Link>,
          at(e.occurredAt),
          String(e.attempts),
          e.lastStatus ? `HTTP ${e.lastStatus}` : (e.lastError ?? "—"),
          stateOf(e, !!eventsUrl),
          ...(resend ? [<ResendButton key="s" eventId={e.eventId} />] : []),
        ])}
      />
    </section>
  );
}
