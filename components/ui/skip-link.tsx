import { MAIN_ID } from "./main-id";

/**
 * The first stop of the keyboard on every page: it jumps past the header to the page's own content.
 * Hidden until it has focus, so that a mouse user never sees it.
 */
export function SkipLink({ label }: { label: string }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-sky-400 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      {label}
    </a>
  );
}
