// npm run db:migrate — apply the migrations in db/migrations to the configured database.
// (The app also applies them itself at start-up.)
import { openDatabase } from "@/db/client";
import { scriptConfig } from "./script-config";

const { database } = scriptConfig();
try {
  const handle = await openDatabase(database);
  await handle.close();
  console.log(`Migrations applied to the ${database.kind === "postgres" ? "PostgreSQL" : `embedded (${database.dir})`} database.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
