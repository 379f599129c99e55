/**
 * The web app calls the server only through the SDK (@parley/client), whose calls come from the
 * route table: no source under src/ fetches, opens an XMLHttpRequest or a beacon, or names a
 * `/chat` or `/api` path of its own. Comments do not count: the sources are parsed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const FORBIDDEN_NAMES = new Set(["fetch", "XMLHttpRequest", "sendBeacon", "EventSource"]);
const SERVER_PATH = /^\/(chat|api)(\/|$)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: what` for every direct request or server path in the source `text` of `file`. */
function findings(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    out.push(`${relative(SRC, file)}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && FORBIDDEN_NAMES.has(node.text)) report(node, node.text);
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && SERVER_PATH.test(node.text))
      report(node, JSON.stringify(node.text));
    if (ts.isTemplateExpression(node) && SERVER_PATH.test(node.head.text)) report(node, node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe("the web app reaches the server through the SDK only", () => {
  test("no fetch, XMLHttpRequest, beacon or /chat and /api path in apps/web/src", () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => findings(file))).toEqual([]);
  });

  test("the check finds what it looks for, and not in comments", () => {
    const template = "`/chat/$" + "{id}`"; // a template with a substitution, in source text
    const text = `await fetch("/api/auth");\nconst path = ${template}; // fetch("/api") in a comment`;
    expect(findings(join(SRC, "probe.ts"), text)).toEqual([
      "probe.ts:1: fetch",
      'probe.ts:1: "/api/auth"',
      "probe.ts:2: /chat/",
    ]);
  });
});
