import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bus, BusMessage, NodeBeat } from "../../src/realtime/bus.js";
import { ClusterPresence } from "../../src/realtime/cluster-presence.js";

/** A node's ClusterPresence with its own local users and watchers, and what it announced. */
function node(
  id: string,
  local: { users: string[]; watchers: Record<string, number>; focused?: string[] },
  graceMs = 0,
) {
  const published: BusMessage[] = [];
  const bus: Bus = {
    publish: (m) => published.push(m),
    subscribe: () => {},
    onReconnect: () => {},
    close: async () => {},
  };
  const announced: [string, boolean][] = [];
  const presence = new ClusterPresence(
    id,
    bus,
    () => local.users,
    () => local.watchers,
    (userId) => local.users.includes(userId),
    (userId, online) => announced.push([userId, online]),
    graceMs,
    () => local.focused ?? [],
  );
  const lastBeat = () => published.filter((m): m is NodeBeat => m.kind === "node").at(-1)!;
  return { presence, announced, lastBeat, local };
}

describe("cluster presence and watchers across nodes", () => {
  it("sums other nodes' watcher counts from their beats, and forgets a node whose beats stopped", () => {
    const a = node("a", { users: ["ana"], watchers: { "messaging:x": 2 } });
    const t0 = 1_000_000;
    const fromB: NodeBeat = {
      kind: "node",
      nodeId: "b",
      users: ["bo", "cy"],
      watchers: { "messaging:x": 3, "team:y": 1 },
      alive: true,
    };
    a.presence.onBeat(fromB, t0);
    expect(a.presence.remoteWatchers("messaging:x")).toBe(3);
    expect(a.presence.remoteWatchers("team:y")).toBe(1);
    expect(a.presence.remoteWatchers("team:z")).toBe(0);
    expect(a.presence.isOnline("bo")).toBe(true);
    // its own beats are ignored
    a.presence.onBeat({ ...fromB, nodeId: "a", watchers: { "messaging:x": 2 } }, t0);
    expect(a.presence.remoteWatchers("messaging:x")).toBe(3);

    // b dies without a goodbye: after 35 s without a beat its users go offline, announced once
    a.presence.sweep(t0 + 30_000);
    expect(a.presence.isOnline("bo")).toBe(true);
    a.presence.sweep(t0 + 36_000);
    expect(a.presence.isOnline("bo")).toBe(false);
    expect(a.presence.remoteWatchers("messaging:x")).toBe(0);
    expect(a.announced).toEqual([
      ["bo", false],
      ["cy", false],
    ]);
  });

  it("beats carry the node's own users, watcher counts and focused users", () => {
    const a = node("a", { users: ["ana", "bo"], watchers: { "messaging:x": 2 }, focused: ["ana"] });
    a.presence.start();
    expect(a.lastBeat()).toEqual({
      kind: "node",
      nodeId: "a",
      users: ["ana", "bo"],
      watchers: { "messaging:x": 2 },
      focused: ["ana"],
      alive: true,
    });
    a.presence.stop();
    expect(a.lastBeat()).toMatchObject({ users: [], watchers: {}, focused: [], alive: false });
  });

  it("knows who has a focused tab on another node, and forgets it with the node", () => {
    const a = node("a", { users: [], watchers: {} });
    const b = node("b", { users: ["ana", "bo"], watchers: {}, focused: ["ana"] });
    b.presence.start();
    a.presence.onBeat(b.lastBeat());
    const here = () => false;
    expect(a.presence.isFocused("ana", here)).toBe(true);
    expect(a.presence.isFocused("bo", here)).toBe(false);
    expect(a.presence.isFocused("bo", (u) => u === "bo")).toBe(true);
    b.presence.stop();
    a.presence.onBeat(b.lastBeat());
    expect(a.presence.isFocused("ana", here)).toBe(false);
  });

  it("a node shutting down says so at once: its users and watchers are forgotten", () => {
    const a = node("a", { users: [], watchers: {} });
    a.presence.onBeat({
      kind: "node",
      nodeId: "b",
      users: ["bo"],
      watchers: { "messaging:x": 1 },
      alive: true,
    });
    expect(a.presence.isOnline("bo")).toBe(true);
    a.presence.onBeat({ kind: "node", nodeId: "b", users: [], watchers: {}, alive: false });
    expect(a.presence.isOnline("bo")).toBe(false);
    expect(a.presence.remoteWatchers("messaging:x")).toBe(0);
    expect(a.announced).toEqual([["bo", false]]);
  });

  it("a user connected on two nodes stays online while one of them has them", () => {
    const a = node("a", { users: ["ana"], watchers: {} });
    a.presence.onBeat({ kind: "node", nodeId: "b", users: ["ana"], alive: true }, 0);
    a.local.users = [];
    a.presence.localChanged("ana", false);
    expect(a.announced).toEqual([]);
    expect(a.presence.isOnline("ana")).toBe(true);
    a.presence.stop();
  });

  describe("with a grace for leaving", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("keeps a user online through the grace, announces nothing if they come back, offline once if not", () => {
      vi.useFakeTimers();
      const a = node("a", { users: ["ana"], watchers: {} }, 1_000);
      a.local.users = [];
      a.presence.localChanged("ana", false);
      expect(a.presence.isOnline("ana")).toBe(true);
      a.presence.start();
      expect(a.lastBeat().users).toEqual(["ana"]);

      vi.advanceTimersByTime(900);
      a.local.users = ["ana"];
      a.presence.localChanged("ana", true);
      vi.advanceTimersByTime(5_000);
      expect(a.announced).toEqual([]);

      a.local.users = [];
      a.presence.localChanged("ana", false);
      vi.advanceTimersByTime(999);
      expect(a.announced).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(a.announced).toEqual([["ana", false]]);
      expect(a.presence.isOnline("ana")).toBe(false);
      a.presence.stop();
    });

    it("a user who leaves one node and reconnects on another within the grace is announced by neither", () => {
      vi.useFakeTimers();
      const a = node("a", { users: ["ana"], watchers: {} }, 1_000);
      const b = node("b", { users: [], watchers: {} }, 1_000);
      a.presence.start();
      b.presence.onBeat(a.lastBeat());
      a.local.users = [];
      a.presence.localChanged("ana", false);
      b.local.users = ["ana"];
      b.presence.localChanged("ana", true);
      vi.advanceTimersByTime(50);
      a.presence.onBeat(b.lastBeat());
      vi.advanceTimersByTime(2_000);
      expect(a.announced).toEqual([]);
      expect(b.announced).toEqual([]);
      expect(a.presence.isOnline("ana")).toBe(true);
      a.presence.stop();
      b.presence.stop();
    });
  });
});
