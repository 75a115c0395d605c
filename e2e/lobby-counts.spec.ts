import { expect, expectAccessible, newPlayer, SIZES, test } from "./fixtures";

// The line under the lobby's heading: players online, the player's own stream among them, and tables
// playing, on one line at phone and desktop width.

const LINE = /^([\d,]+) players? online · ([\d,]+) tables? playing$/;

for (const { label, viewport } of SIZES) {
  test.describe(`at ${label} width`, () => {
    test.use({ viewport });

    test("the lobby says how many players are online, the player among them, and how many tables are playing", async ({ page, request }, testInfo) => {
      const me = await newPlayer(request);
      await page.goto(me.launchUrl);
      const line = page.getByTestId("lobby-counts");
      // Read again once the lobby's own stream is open (its hello has everything else read again).
      await expect(line).toHaveText(/^[1-9][\d,]* players? online · /);
      const [, online] = LINE.exec((await line.textContent()) ?? "") ?? [];
      expect(Number(online?.replaceAll(",", ""))).toBeGreaterThanOrEqual(1);
      await expect(line).toHaveAttribute("aria-live", "off");

      // One text line, right under the heading.
      const heading = (await page.getByRole("heading", { level: 1, name: "Rooms" }).boundingBox())!;
      const box = (await line.boundingBox())!;
      const lineHeight = await line.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(box.height).toBeLessThanOrEqual(lineHeight + 1);
      expect(box.y).toBeGreaterThanOrEqual(heading.y + heading.height - 1);
      expect(box.y - (heading.y + heading.height)).toBeLessThanOrEqual(4);

      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`lobby-counts-${label}.png`) });
    });
  });
}
