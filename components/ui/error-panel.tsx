"use client";
import { useI18n } from "@/lib/client/i18n";

/** A failure said in words, with a way to try again. */
export function ErrorPanel({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded-lg border border-rose-400/40 bg-rose-950/40 p-4">
      <p className="font-semibold text-rose-200">{title}</p>
      <p className="mt-1 text-sm text-rose-100">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 rounded-md bg-rose-200 px-3 py-1.5 text-sm font-semibold text-rose-950 hover:bg-rose-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-200">
          {t.shell.tryAgain}
        </button>
      )}
    </div>
  );
}
