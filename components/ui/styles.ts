// Shared class lists, so that every control looks and focuses alike.
export const focusRing = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300";
export const inputClass = `w-full rounded-md border border-slate-600 bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 ${focusRing}`;
export const primaryButton = `rounded-md bg-sky-400 px-4 py-2 font-semibold text-slate-950 hover:bg-sky-300 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const secondaryButton = `rounded-md border border-slate-500 px-4 py-2 font-medium text-slate-100 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;
