/**
 * Prints the authorization matrix as a Markdown table (for docs/reliability.md):
 * `npx tsx apps/server/test/authz/print-matrix.ts`.
 */
import { ROLES } from "./roles.js";
import { channelRows } from "./rows-channels.js";
import { messageRows } from "./rows-messages.js";
import { moderationRows } from "./rows-moderation.js";
import { notificationRows } from "./rows-notifications.js";
import { pollRows } from "./rows-polls.js";
import { websocketRows } from "./rows-websocket.js";

const header = [
  "signed out",
  "non-member",
  "ex-member",
  "member",
  "channel mod",
  "admin",
  "banned in channel",
  "demoted admin, socket opened as admin",
];
const lines = [`| call | ${header.join(" | ")} |`, `|---|${header.map(() => ":-:").join("|")}|`];
for (const rows of [channelRows, messageRows, pollRows, moderationRows, notificationRows, websocketRows]) {
  for (const r of rows)
    lines.push(`| ${r.name} | ${r.expect.map((e) => (e === "allow" ? "✓" : "·")).join(" | ")} |`);
}
console.log(lines.join("\n"));
console.log(
  `\n${lines.length - 2} rows × ${ROLES.length} columns = ${(lines.length - 2) * ROLES.length} cells`,
);
