import type { ReactNode } from "react";

/** A labelled form field with its hint and its error, wired for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a field's control, matching Field's hint and error. */
export const describedBy = (id: string, error?: string, hint?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});
