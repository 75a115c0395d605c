import { AuditView } from "@/components/admin/audit-view";

// The audit log of admin actions
export default function AdminAuditPage() {
  return <AuditView />;
}
