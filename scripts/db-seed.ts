// npm run db:seed -- [--rooms 200] — add demo bot players and rooms in every state to the configured database.
import { parseArgs } from "node:util";
import { openDatabase } from "@/db/client";
import { demoPlayers, demoRooms, fundedFor } from "@/db/seed/demo-rooms";
import { insertPlayers, insertRooms } from "@/db/seed/insert-rooms";
import { placeDemoBets } from "@/lib/server/demo-bets";
import { scriptConfig } from "./script-config";

const { values } = parseArgs({ options: { rooms: { type: "string", default: "200" } } });
const count = Number(values.rooms);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error("--rooms must be a whole number from 1 to 1000000");
  process.exit(1);
}

try {
  const handle = await openDatabase(scriptConfig().database);
  try {
    const players = demoPlayers();
    const rooms = demoRooms(count, players);
    await insertPlayers(handle.db, fundedFor(players, rooms));
    await insertRooms(handle.db, rooms);
    // The bots' bets are real money: taken into each room's pot, and settled where the room finished.
    await placeDemoBets(handle.db, rooms, { onRoom: (done) => done % 1000 === 0 && console.log(`Bets placed in ${done} of ${count} rooms…`) });
    console.log(`Added ${players.length} bot players and ${count} rooms, with their bets.`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
