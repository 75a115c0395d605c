import { describe, expect, it } from "vitest";
import { get, newPlayer, targets } from "./helpers";

describe.each(targets)("$name: player endpoints", (t) => {
  it("GET /v1/player/me answers exactly the spec's player information, and the player's id", async () => {
    const player = await newPlayer(t, { currency: "EUR", balance: "250.5" });
    const answer = await get(t, "/v1/player/me", { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      type: "success",
      status: 200,
      data: { id: player.id, username: player.username, balance: "250.50", currency: "EUR", avatar: { name: "default", url: "/avatars/default.svg" } },
    });
  });

  it("GET /v1/player/balance answers exactly the balance and currency", async () => {
    const player = await newPlayer(t, { currency: "KWD", balance: "1.234" });
    const answer = await get(t, "/v1/player/balance", { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: "success", status: 200, data: { balance: "1.234", currency: "KWD" } });
  });

  it("shows a currency outside ISO 4217 with 8 decimal places", async () => {
    const player = await newPlayer(t, { currency: "CHIPS", balance: "5" });
    const answer = await get(t, "/v1/player/balance", { token: player.token });
    expect(answer.body.data).toEqual({ balance: "5.00000000", currency: "CHIPS" });
  });
});
