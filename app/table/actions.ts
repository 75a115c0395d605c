"use server";
import { headers } from "next/headers";
import { db } from "@/lib/runtime/database";
import { config } from "@/lib/env";
import { findRoomById, findSeatsOf } from "@/lib/rooms/queries";
import { originOf } from "@/lib/http/origin";
import { abandonRound, playRound, tableOf, TableProblem, type TableAction, type TableAnswer } from "@/lib/demo-table/play";

// The demo table's one action: look at the table, deal, or abandon the round, played as the platform
// would play it, through the wallet's signed calls to this app's own address. Only while the demo
// table is on. The page hands it to the table's component (a server action passed as a prop), so
// that browser code never imports this module.

export async function playAtTable(session: string, action: TableAction): Promise<TableAnswer> {
  const settings = config();
  if (!settings.platform.demoTable) return { problem: "The demo table is off here." };
  if (typeof session !== "string" || session.length === 0 || session.length > 100) return { problem: "This table address has no game session; open the table again from the lobby." };
  const platform = { baseUrl: originOf(await headers(), `http://127.0.0.1:${settings.port}`), secret: settings.walletSigningSecrets[0]! };
  const roundOf = async (roundId: string) => {
    const database = await db();
    const [seats, room] = await Promise.all([findSeatsOf(database, [roundId]), findRoomById(database, roundId)]);
    return { seats, rakePercentage: room?.rakePercentage ?? "0" };
  };
  try {
    if (action === "abandon") return (await abandonRound(platform, session, roundOf), { abandoned: true });
    if (action === "deal") return { outcome: await playRound(platform, session, roundOf), table: await tableOf(platform, session, roundOf) };
    return { table: await tableOf(platform, session, roundOf) };
  } catch (error) {
    if (error instanceof TableProblem) return { problem: error.message };
    throw error;
  }
}
