"use client";
import { adminApi } from "@/lib/client/admin-api";
import { secondaryButton } from "@/components/ui/styles";

export function SignOut() {
  return (
    <button type="button" className={secondaryButton} onClick={async () => (await adminApi("/v1/admin/session/end", { method: "POST" }), window.location.assign("/admin"))}>
      Sign out
    </button>
  );
}
