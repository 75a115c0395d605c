import { DashboardView } from "@/components/admin/dashboard/dashboard-view";
import { LiveRefresh } from "@/components/admin/dashboard/live-refresh";
import { db } from "@/lib/runtime/database";
import { hasAdminSession } from "@/lib/admin/page-session";
import { dashboard } from "@/lib/dashboard/dashboard";
import { runReport } from "@/lib/reports/run-report";

// The console's first page: the dashboard, drawn on the server and drawn again as things change.
export const dynamic = "force-dynamic";

export default async function AdminDashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!(await hasAdminSession())) return null;
  const { by, currency } = await searchParams;
  const data = await runReport(await db(), (tx) => dashboard(tx, { by: by === "day" ? "day" : "hour" }));
  return (
    <>
      <LiveRefresh />
      <DashboardView data={data} currency={typeof currency === "string" ? currency : undefined} />
    </>
  );
}
