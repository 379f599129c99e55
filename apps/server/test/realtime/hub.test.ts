import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Envelope } from "../../src/domain/events.js";
import type { Connection } from "../../src/realtime/connection.js";
import { Hub } from "../../src/realtime/hub.js";
import type { SharedFrame } from "../../src/realtime/shared-frame.js";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import type { Store } from "../../src/store/store.js";

const CID = "messaging:hub";
let dir: string;
let store: Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "parley-hub-"));
  store = await openSqliteStore({ filename: join(dir, "parley.db") });
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A socket as the hub sees it, keeping the frames it was sent. */
function socket(userId: string): Connection & { frames: string[] } {
  const frames: string[] = [];
  let n = 0;
  const conn = {
    id: `${userId}-${++n}`,
    userId,
    tokenId: undefined,
    watching: new Set<string>(),
    frames,
    send: (frame: string | SharedFrame) => frames.push(typeof frame === "string" ? frame : frame.json),
    close: () => {},
    backlog: 0,
    role: "user" as Connection["role"],
    setRole: (role: Connection["role"]) => {
      conn.role = role;
    },
  };
  return conn;
}

function hub() {
  let delivered = 0;
  const h = new Hub(
    store,
    {
      delivered: (n) => {
        delivered += n;
      },
      fanOutLatency: () => {},
      replayed: () => {},
      backfilled: () => {},
    },
    () => {},
    async () => true,
  );
  return { h, delivered: () => delivered };
}

async function watching(h: Hub, userId: string) {
  const conn = socket(userId);
  h.add(conn);
  await h.watch(conn, CID, undefined, undefined);
  return conn;
}

const notification = (userIds: string[]): Envelope => ({
  kind: "users",
  userIds,
  skipWatchersOf: CID,
  event: { type: "notification.message_new", cid: CID } as never,
});

const got = (conn: { frames: string[] }) =>
  conn.frames.filter((f) => f.includes("notification.message_new")).length;

describe("hub: notifications to readers not watching the channel", () => {
  it("reaches each reader's sockets that do not watch it, and no one else", async () => {
    const { h, delivered } = hub();
    const anaWatching = await watching(h, "ana");
    const anaElsewhere = socket("ana");
    h.add(anaElsewhere);
    const bobWatching = await watching(h, "bob");
    const cyElsewhere = socket("cy");
    h.add(cyElsewhere);
    const notReader = socket("dee");
    h.add(notReader);

    h.deliver(notification(["cy", "ana", "bob"]));

    expect([got(anaElsewhere), got(cyElsewhere)]).toEqual([1, 1]);
    expect([got(anaWatching), got(bobWatching), got(notReader)]).toEqual([0, 0, 0]);
    expect(delivered()).toBe(2);
  });

  it("reaches a reader last in the list when every other socket here is accounted for", async () => {
    const { h, delivered } = hub();
    await watching(h, "bob");
    const ana = socket("ana");
    const cy = socket("cy");
    h.add(ana);
    h.add(cy);
    h.deliver(notification(["ana", "bob", "cy"]));
    expect([got(ana), got(cy)]).toEqual([1, 1]);
    expect(delivered()).toBe(2);
  });

  it("sends nothing when every socket here watches the channel", async () => {
    const { h, delivered } = hub();
    const all = [await watching(h, "ana"), await watching(h, "bob")];
    h.deliver(notification(["ana", "bob", "cy"]));
    expect(all.map(got)).toEqual([0, 0]);
    expect(delivered()).toBe(0);
  });

  it("does not keep a socket that closed while its watch waited as a watcher", async () => {
    const { h } = hub();
    const closing = socket("ana");
    h.add(closing);
    const pending = h.watch(closing, CID, undefined, undefined);
    h.remove(closing);
    await pending;
    expect(h.watcherCount(CID)).toBe(0);
    expect(h.connectionCount).toBe(0);
    expect(closing.frames).toEqual([]);

    // A live socket of the same reader, not watching, still gets the notification.
    const live = socket("ana");
    h.add(live);
    h.deliver(notification(["ana"]));
    expect(got(live)).toBe(1);
  });
});

describe("hub: roles after a bus outage", () => {
  it("re-reads every local user's role and applies the ones that changed", async () => {
    const { h } = hub();
    const now = new Date().toISOString();
    for (const [id, role] of [
      ["demoted", "user"],
      ["kept", "admin"],
    ] as const)
      await store.users.upsert({ id, name: id, image: "", role, created_at: now, updated_at: now });
    const demoted = [socket("demoted"), socket("demoted")];
    const kept = socket("kept");
    for (const c of [...demoted, kept]) {
      c.setRole("admin");
      h.add(c);
    }
    await h.refreshRoles();
    expect([...demoted, kept].map((c) => c.role)).toEqual(["user", "user", "admin"]);
  });
});
