import type { Sql } from "postgres";

/**
 * Holds a player's row lock from a session of its own, as a slow or stuck transaction would. Resolves
 * once the lock is held, to the function that lets it go (rolling back).
 */
export async function holdPlayerRow(sql: Sql, playerId: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = sql.begin(async (tx) => {
    await tx`select id from players where id = ${playerId} for update`;
    locked();
    await held;
  });
  await Promise.race([isLocked, holder]);
  return async () => {
    release();
    await holder;
  };
}
