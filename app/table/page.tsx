import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DemoTable } from "@/components/demo-table/demo-table";
import { config } from "@/lib/env";
import { playAtTable } from "./actions";

export const metadata: Metadata = { title: "Demo table · Room Lobby" };

// The demo table, where GAME_LAUNCH_URL is unset and the demo table on: players of a started room
// come here with their game session (`?room=…&session=…`).
export default async function TablePage({ searchParams }: { searchParams: Promise<{ session?: string }> }) {
  if (!config().platform.demoTable) notFound();
  const { session } = await searchParams;
  if (!session) notFound();
  return <DemoTable session={session} playAtTable={playAtTable} />;
}
