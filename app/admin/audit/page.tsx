import { Suspense } from "react";
import { AuditView } from "@/components/admin/audit-view";

// The audit log of admin actions, filtered from the address
export default function AdminAuditPage() {
  return (
    <Suspense>
      <AuditView />
    </Suspense>
  );
}
