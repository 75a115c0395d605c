import { secondaryButton } from "./styles";

interface Shown {
  page: number;
  total_pages: number;
  total: number;
}

/** Previous and Next around "Page 2 of 7 · 130 rows", for a paged table; `page` is the page asked for. */
export function Pager({ label, noun, page, shown, onPage }: { label: string; noun: string; page: number; shown: Shown; onPage: (page: number) => void }) {
  return (
    <nav aria-label={label} className="flex items-center gap-3">
      <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm">
        Page {shown.page} of {Math.max(1, shown.total_pages)} · {shown.total} {noun}
      </span>
      <button type="button" className={secondaryButton} disabled={page >= shown.total_pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
