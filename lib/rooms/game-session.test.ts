import { describe, expect, it } from "vitest";
import { gameUrl, launchTemplate } from "./game-session";

describe("the table's address", () => {
  it("fills the template's placeholders, each encoded, wherever they stand", () => {
    expect(gameUrl("https://g.example/t/{room_id}?s={session_id}&again={session_id}", { roomId: "r 1", sessionId: "a/b" })).toBe("https://g.example/t/r%201?s=a%2Fb&again=a%2Fb");
  });

  it("is GAME_LAUNCH_URL, else the demo table on this origin when it is on, else none", () => {
    const template = "https://g.example/t?session={session_id}";
    expect(launchTemplate({ gameLaunchUrl: template, demoTable: false }, "https://lobby.example")).toBe(template);
    expect(launchTemplate({ gameLaunchUrl: undefined, demoTable: true }, "https://lobby.example")).toBe("https://lobby.example/table?room={room_id}&session={session_id}");
    expect(launchTemplate({ gameLaunchUrl: undefined, demoTable: false }, "https://lobby.example")).toBeUndefined();
  });
});
