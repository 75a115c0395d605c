import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from "@/tests/support/test-database";
import { createPlayer } from "@/lib/players/create-player";
import { greeting } from "./greeting";

// A stream's hello shows the player as authentication read them, unless a change to them was heard
// between that read and the moment the stream began to follow changes: then it reads them again.

describe.each(testDatabaseKinds)("%s: the hello's player", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(() => t?.close());

  const hello = async (mayHaveChanged: boolean) => {
    const player = await createPlayer(t.handle.db, { username: `hello_${Math.random().toString(36).slice(2, 10)}`, currency: "USD" });
    // What authentication read, told apart from the row as it stands.
    const asRead = { ...player, username: "as_authentication_read_it" };
    const asked: [string, number][] = [];
    const answer = await greeting(t.handle.db, { player: asRead, playerReadAt: 1234.5, origin: "https://lobby.example.test", query: {} }, (id, since) => {
      asked.push([id, since]);
      return mayHaveChanged;
    });
    return { player, answer, asked };
  };

  it("is the row authentication read, with no second read, when nothing was heard since", async () => {
    const { player, answer, asked } = await hello(false);
    expect(asked).toEqual([[player.id, 1234.5]]);
    expect(answer.player?.username).toBe("as_authentication_read_it");
  });

  it("is read again when a change may have come since", async () => {
    const { player, answer } = await hello(true);
    expect(answer.player).toMatchObject({ id: player.id, username: player.username, balance: "0.00", currency: "USD" });
  });
});
