import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogue";

// Every word a player reads comes from the catalogue (lib/i18n/catalogue/). This reads the lobby's source
// with the TypeScript compiler and fails on any words written in it instead: text between JSX tags, a
// visible attribute (aria-label, title, placeholder, alt…) or a prop that carries a label, and any
// sentence in a string. The operator's console and the demo table are English by decision (docs/lobby.md).

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The lobby's code: its pages, components and browser rules. */
const LOBBY = [
  "app/page.tsx",
  "app/layout.tsx",
  "app/not-found.tsx",
  "app/rooms",
  "app/history",
  "app/limits",
  "components/player",
  "components/rooms",
  "components/ui",
  "components/providers.tsx",
  "lib/client",
];
/** The console's own browser code, in lib/client beside the lobby's. */
const CONSOLE = new Set(["lib/client/admin-api.ts", "lib/client/use-admin-live.ts", "lib/client/lock-message.ts"]);

/** Attributes and props a person reads or hears. */
const VISIBLE = /^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label|.*Label|hint|message|failure|confirm|body|question|heading|description|children)$/;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full).flatMap((name) => files(path.join(entry, name)));
}

const lobbyFiles = LOBBY.flatMap(files).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !CONSOLE.has(f));

/** Words: two letters in a row. */
const hasWords = (text: string) => /\p{L}{2}/u.test(text);
/** A sentence: a capital, then lowercase, then a space and more (class names and keys never look like this). */
const isSentence = (text: string) => /^\s*\p{Lu}\p{Ll}*[\s,'’]+\S/u.test(text);

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => `x${s.literal.text}`)].join("");
  return undefined;
}

/** Every place in a file where words are written in the code, as "file:line: text". */
const uncatalogued = (file: string) => wordsInCode(file, readFileSync(path.join(ROOT, file), "utf8"));

function wordsInCode(file: string, code: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim().slice(0, 60)}`);

  function visit(node: ts.Node): void {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    const text = literalText(node);
    if (text === undefined) {
      node.forEachChild(visit);
      return;
    }
    if ((isShown(node) && hasWords(text)) || isSentence(text)) report(node, text);
  }
  visit(source);
  return found;
}

/** Whether a string ends up on the page: between tags or in a visible attribute, directly or as a branch of ?:, &&, ||, ?? or +. */
function isShown(literal: ts.Node): boolean {
  const passesOn = (parent: ts.Node, child: ts.Node) =>
    ts.isParenthesizedExpression(parent) ||
    ts.isTemplateSpan(parent) ||
    ts.isTemplateExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== child) ||
    (ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.PlusToken].includes(parent.operatorToken.kind) &&
      (parent.right === child || parent.operatorToken.kind === ts.SyntaxKind.PlusToken));
  let at = literal;
  while (passesOn(at.parent, at)) at = at.parent;
  const parent = at.parent;
  const attribute = ts.isJsxAttribute(parent) ? parent : ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent) ? parent.parent : undefined;
  if (attribute) return VISIBLE.test(attribute.name.getText());
  return ts.isJsxExpression(parent);
}

describe("the lobby's catalogue", () => {
  it("reads the lobby's code (the list of places is not stale)", () => {
    expect(lobbyFiles.length).toBeGreaterThan(40);
    expect(lobbyFiles).toContain("components/rooms/room-list.tsx");
  });

  it("holds every word the lobby shows: none is written in its code", () => {
    expect(lobbyFiles.flatMap(uncatalogued)).toEqual([]);
  });

  it("has no empty message in any language", () => {
    const empty = (messages: object, at: string): string[] =>
      Object.entries(messages).flatMap(([key, value]) =>
        typeof value === "string" ? (value.trim() ? [] : [`${at}.${key}`]) : typeof value === "object" && value ? empty(value, `${at}.${key}`) : [],
      );
    expect(Object.entries(CATALOGUES).flatMap(([locale, messages]) => empty(messages, locale))).toEqual([]);
  });
});

describe("the guard itself", () => {
  // Each of these is a way words slip past a catalogue; the guard must see every one.
  const words = (code: string, file = "probe.tsx") => wordsInCode(file, code);

  it("sees text between tags, in braces and in templates", () => {
    expect(words("const a = <p>Join room</p>;")).toEqual(["probe.tsx:1: Join room"]);
    expect(words('const a = <p>{"Join"}</p>;')).toHaveLength(1);
    expect(words("const a = <p>{`${n} seats`}</p>;")).toHaveLength(1);
    expect(words('const a = <p>{ok ? "Yes" : "No"}</p>;')).toHaveLength(2);
  });

  it("sees visible attributes and label props, not class names or test ids", () => {
    expect(words('const a = <b aria-label="Balance" title="Your money" />;')).toHaveLength(2);
    expect(words('const a = <X confirmLabel="Join" pendingLabel={"Joining"} hint={`A ${x}`} />;')).toHaveLength(3);
    expect(words('const a = <b className="text-sm font-semibold" data-testid="balance" id="main" />;')).toEqual([]);
  });

  it("sees sentences in plain code, not keys, paths or single words", () => {
    expect(words('const m = "Your balance is below the bet";', "probe.ts")).toHaveLength(1);
    expect(words("const m = `The server answered ${status}.`;", "probe.ts")).toHaveLength(1);
    expect(words('import x from "@/lib/x"; const k = "lobby.player-token"; const h = "Content-Type"; const s = "waiting";', "probe.ts")).toEqual([]);
  });

  it("passes words that come from the catalogue", () => {
    expect(words("const a = <p aria-label={t.shell.balance}>{t.list.join}</p>;")).toEqual([]);
  });
});
