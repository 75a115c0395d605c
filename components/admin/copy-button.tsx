"use client";
import { useState } from "react";
import { secondaryButton } from "@/components/ui/styles";

/** Copies a secret to the clipboard and says so; where the browser refuses, it says to select and copy it by hand. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [said, setSaid] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied.");
    } catch {
      setSaid("The browser would not copy it: select it and copy it yourself.");
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className={secondaryButton} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="text-sm text-slate-300">
        {said}
      </span>
    </span>
  );
}
