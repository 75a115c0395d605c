import { useI18n } from "@/lib/client/i18n";
import type { Room } from "@/lib/rooms/contract";

const LOOK: Record<Room["status"], string> = {
  waiting: "bg-emerald-300 text-emerald-950",
  playing: "bg-amber-300 text-amber-950",
  finished: "bg-slate-600 text-slate-50",
};

export function StatusBadge({ status }: { status: Room["status"] }) {
  const { t } = useI18n();
  return <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${LOOK[status]}`}>{t.list.status[status]}</span>;
}
