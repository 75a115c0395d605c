import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from db/schema into db/migrations.
// Migrations are applied by the app at start-up and by `npm run db:migrate`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
