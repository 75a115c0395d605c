import { Suspense } from "react";
import { AuditView } from "@/components/admin/audit-view";
import { ADMIN_ACTIONS } from "@/db/schema";

// The audit log of admin actions, filtered from the address
export default function AdminAuditPage() {
  return (
    <Suspense>
      <AuditView actions={ADMIN_ACTIONS} />
    </Suspense>
  );
}
