"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { adminApi } from "@/lib/client/admin-api";
import { ConfirmButton } from "./confirm-button";

/** "Send again" for one platform event: asks why (for the audit log), queues it, and redraws the page. */
export function ResendButton({ eventId }: { eventId: string }) {
  const router = useRouter();
  const [state, setState] = useState<{ busy: boolean; problem?: string }>({ busy: false });
  const resend = async (reason?: string) => {
    setState({ busy: true });
    try {
      await adminApi(`/v1/admin/platform-events/${encodeURIComponent(eventId)}/resend`, { method: "POST", body: { reason } });
      setState({ busy: false });
      router.refresh();
    } catch (error) {
      setState({ busy: false, problem: (error as Error).message });
    }
  };
  return (
    <div className="space-y-1">
      <ConfirmButton label="Send again" question={`Send event ${eventId} to the platform again?`} onConfirm={(reason) => void resend(reason)} busy={state.busy} askReason />
      {state.problem && (
        <p role="alert" className="text-sm text-amber-300">
          {state.problem}
        </p>
      )}
    </div>
  );
}
