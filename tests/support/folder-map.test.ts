import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/architecture.md's folder map is the newcomer's first look at the code: it must name every
// folder at the top, every folder of lib/, and nothing that is gone.

/** The folders the map must list: top-level ones, and those directly in lib/. */
function foldersInTree(): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\n").filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    if (parts.length < 2) continue;
    if (parts[0] === "lib" && parts.length > 2) folders.add(`lib/${parts[1]}/`);
    else if (parts[0] !== "lib" && parts[0] !== "tests") folders.add(`${parts[0]}/`);
    if (parts[0] === "tests" && parts.length > 2) folders.add(`tests/${parts[1]}/`);
  }
  return [...folders].sort();
}

function foldersInMap(): string[] {
  const doc = readFileSync("docs/architecture.md", "utf8");
  const section = doc.split("\n## Folders\n")[1]?.split("\n## ")[0] ?? "";
  const block = section.split("```")[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.split(/\s+/)[0]!)
    .filter(Boolean)
    .sort();
}

describe("the folder map in docs/architecture.md", () => {
  it("lists exactly the folders of the tree", () => {
    const map = foldersInMap();
    expect(map.length).toBeGreaterThan(20);
    expect(map).toEqual(foldersInTree());
  });
});
