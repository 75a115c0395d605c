import { useI18n } from "@/lib/client/i18n";
import { secondaryButton } from "./styles";

interface Shown {
  page: number;
  total_pages: number;
  total: number;
}

/** Previous and Next around "Page 2 of 7 · 130 rows", for a paged table; `page` is the page asked for, `noun` what it counts. */
export function Pager({ label, noun, page, shown, onPage }: { label: string; noun: string; page: number; shown: Shown; onPage: (page: number) => void }) {
  const { pager } = useI18n().t.list;
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {pager.previous}
      </button>
      <span className="text-sm">{pager.shown(shown.page, Math.max(1, shown.total_pages), shown.total, noun)}</span>
      <button type="button" className={secondaryButton} disabled={page >= shown.total_pages} onClick={() => onPage(page + 1)}>
        {pager.next}
      </button>
    </nav>
  );
}
