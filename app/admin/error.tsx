"use client";
import { ErrorPanel } from "@/components/ui/error-panel";

// A console page drawn on the server that could not be drawn (the database did not answer, say).
export default function AdminError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorPanel title="This page could not be drawn" message="The server could not read what it shows, most likely because the database did not answer in time. Try again in a moment." onRetry={reset} />;
}
