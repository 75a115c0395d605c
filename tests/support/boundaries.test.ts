import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// `npm run check:boundaries` (.dependency-cruiser.cjs) must fail on a browser module that imports
// server code, and pass on the tree as it is. The command is run as package.json has it, on the real
// tree, with a planted module under components/ and without it.

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: { name: string; from: { path?: string | string[] } }[];
};

/** The check as `npm run check:boundaries` runs it: exit code and what it printed. */
async function checkBoundaries(): Promise<{ code: number; output: string }> {
  const script = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["check:boundaries"]!;
  const [command, ...args] = script.split(" ");
  expect(command).toBe("depcruise");
  try {
    const { stdout, stderr } = await run(path.join(root, "node_modules/.bin/depcruise"), args, { cwd: root });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** The directive, as the first statement of a module (comments may come before it). */
const USE_CLIENT = /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/;

const browserPaths = () => [config.forbidden.find((rule) => rule.name === "browser-imports-server")!.from.path!].flat().map((p) => new RegExp(p));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("npm run check:boundaries", () => {
  it("counts every \"use client\" module as browser code", () => {
    const clientModules = ["app", "components", "lib"].flatMap(sourceFiles).filter((file) => USE_CLIENT.test(readFileSync(path.join(root, file), "utf8")));
    expect(clientModules.length).toBeGreaterThan(10);
    const uncovered = clientModules.filter((file) => !browserPaths().some((pattern) => pattern.test(file)));
    expect(uncovered).toEqual([]);
  });

  it("fails on a browser module's value import of the database, names the rule and the import, and passes without it", async () => {
    const name = `boundary-plant-${process.pid}-${randomBytes(4).toString("hex")}`;
    const planted = `components/${name}.ts`;
    // A type-only import of server code is allowed: only the value import may be reported.
    const typesOnly = `components/${name}-types.ts`;
    try {
      writeFileSync(path.join(root, planted), `import { openDatabase } from "@/db/client";\n\nexport const planted = openDatabase;\n`);
      writeFileSync(path.join(root, typesOnly), `import type { Database } from "@/db/client";\n\nexport type Planted = Database;\n`);
      const withPlant = await checkBoundaries();
      expect(withPlant.code).not.toBe(0);
      expect(withPlant.output).toContain(`browser-imports-server: ${planted} → db/client.ts`);
      expect(withPlant.output).not.toContain(typesOnly);
    } finally {
      rmSync(path.join(root, planted), { force: true });
      rmSync(path.join(root, typesOnly), { force: true });
    }
    const without = await checkBoundaries();
    expect(without.output).not.toContain(name);
    expect(without.output).toContain("no dependency violations found");
    expect(without.code).toBe(0);
  }, 120_000);
});
