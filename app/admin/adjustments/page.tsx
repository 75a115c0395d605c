import Link from "next/link";
import { AdjustmentsTable } from "@/components/admin/support/adjustments-table";

// Balance adjustments of every player: those waiting for a second person first, then the decided ones.
const SHOWN = [
  ["pending", "Waiting for approval"],
  ["applied", "Applied"],
  ["rejected", "Rejected"],
] as const;

export default async function AdminAdjustmentsPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  const asked = (await searchParams).status;
  const [status, name] = SHOWN.find(([s]) => s === asked) ?? SHOWN[0];
  return (
    <section aria-labelledby="adjustments-heading" className="space-y-4">
      <h1 id="adjustments-heading" className="text-2xl font-semibold">
        Adjustments
      </h1>
      <nav aria-label="Which adjustments" className="flex flex-wrap gap-4">
        {SHOWN.map(([s, label]) => (
          <Link key={s} href={`/admin/adjustments?status=${s}`} aria-current={s === status ? "page" : undefined} className="text-sky-300 underline">
            {label}
          </Link>
        ))}
      </nav>
      <AdjustmentsTable key={status} status={status} caption={`Adjustments: ${name.toLowerCase()}, newest first`} />
    </section>
  );
}
