import Link from "next/link";
import { useI18n } from "@/lib/client/i18n";
import { focusRing } from "@/components/ui/styles";

/** Page numbers around the current one, the first and the last, with gaps between. */
export function pagesToShow(page: number, total: number): (number | "gap")[] {
  const wanted = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? (["gap", p] as const) : [p]));
}

const link = `rounded-md border border-slate-600 px-3 py-1.5 hover:bg-slate-800 ${focusRing}`;

export function Pagination({ page, totalPages, total, href }: { page: number; totalPages: number; total: number; href: (page: number) => string }) {
  const { pagination } = useI18n().t.list;
  return (
    <nav aria-label={pagination.label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-300">{pagination.summary(total, page, Math.max(totalPages, 1))}</p>
      {totalPages > 1 && (
        <ul className="flex flex-wrap items-center gap-1.5">
          {page > 1 && (
            <li>
              <Link className={link} href={href(Math.min(page - 1, totalPages))} rel="prev">
                {pagination.previous}
              </Link>
            </li>
          )}
          {pagesToShow(page, totalPages).map((p, i) =>
            p === "gap" ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
                …
              </li>
            ) : (
              <li key={p}>
                <Link className={`${link} ${p === page ? "bg-sky-400 font-semibold text-slate-950 hover:bg-sky-300" : ""}`} href={href(p)} aria-current={p === page ? "page" : undefined}>
                  {p}
                </Link>
              </li>
            ),
          )}
          {page < totalPages && (
            <li>
              <Link className={link} href={href(page + 1)} rel="next">
                {pagination.next}
              </Link>
            </li>
          )}
        </ul>
      )}
    </nav>
  );
}
