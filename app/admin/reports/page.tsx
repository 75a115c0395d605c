import { Suspense } from "react";
import { ReportsView } from "@/components/admin/reports-view";

// The daily report and the reconciliation downloads, for a range of days in the address
export default function AdminReportsPage() {
  return (
    <Suspense>
      <ReportsView />
    </Suspense>
  );
}
