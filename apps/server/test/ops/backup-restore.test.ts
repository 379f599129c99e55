import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backupSqlite, restoreSqlite } from "../../src/tools/sqlite-backup.js";
import { startTestServer } from "../helpers/test-server.js";

describe("SQLite backup and restore", () => {
  it("takes a consistent backup while the server writes, and restores it into a working server", async () => {
    const s = await startTestServer({ SINGLE_NODE: "1" });
    const a = await s.signup();
    await s.chat(a.streamToken, "POST", "/channels/messaging/backup/query", {});
    for (let i = 0; i < 20; i++) {
      await s.chat(a.streamToken, "POST", "/channels/messaging/backup/messages", {
        message: { text: `before ${i}` },
      });
    }
    const file = join(mkdtempSync(join(tmpdir(), "parley-backup-")), "parley.backup.db");
    const writing = (async () => {
      for (let i = 0; i < 50; i++) {
        await s.chat(a.streamToken, "POST", "/channels/messaging/backup/messages", {
          message: { text: `during ${i}` },
        });
      }
    })();
    await backupSqlite(s.dataDir, file);
    await writing;
    await s.close();

    const dataDir = mkdtempSync(join(tmpdir(), "parley-restored-"));
    restoreSqlite(file, dataDir);
    const restored = await startTestServer({
      SINGLE_NODE: "1",
      DATA_DIR: dataDir,
      APP_KEY: s.apiKey,
      APP_SECRET: s.appSecret,
    });
    const page = await restored.chat(a.streamToken, "GET", "/channels/messaging/backup/messages?limit=300");
    expect(page.status).toBe(200);
    const texts: string[] = page.body.messages.map((m: { text: string }) => m.text);
    expect(texts.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `before ${i}`));
    const during = texts.filter((t) => t.startsWith("during"));
    expect(during).toEqual(Array.from({ length: during.length }, (_, i) => `during ${i}`));
    const seqs = page.body.messages.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x: number, y: number) => x - y));
    await restored.close();
  });
});
