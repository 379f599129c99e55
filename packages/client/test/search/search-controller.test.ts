import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SearchController, type SearchControllerState } from "../../src/search/index.js";
import { channels, FakeSearchClient, hit, user, users } from "./fake-search-client.js";

let client: FakeSearchClient;
let c: SearchController;

beforeEach(() => {
  vi.useFakeTimers();
  client = new FakeSearchClient();
  c = new SearchController({ client });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets settled promises run their continuations. */
const flush = () => vi.advanceTimersByTimeAsync(0);
/** Types `q` and waits out the debounce. */
async function typeAndWait(q: string) {
  c.search(q);
  await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
}

describe("sources and their state", () => {
  test("there are three sources: users, channels and messages", () => {
    expect(Object.keys(c.sources).sort()).toEqual(["channels", "messages", "users"]);
    expect(Object.keys(c.getSnapshot().sources).sort()).toEqual(["channels", "messages", "users"]);
  });

  test("each source's state has exactly hasNext, isActive, isLoading, items, lastQueryError, next, offset, searchQuery", async () => {
    const fields = [
      "hasNext",
      "isActive",
      "isLoading",
      "items",
      "lastQueryError",
      "next",
      "offset",
      "searchQuery",
    ];
    for (const s of Object.values(c.getSnapshot().sources)) expect(Object.keys(s).sort()).toEqual(fields);
    await typeAndWait("a");
    client.users[0]!.answer.reject(new Error("boom"));
    await flush();
    for (const s of Object.values(c.getSnapshot().sources)) expect(Object.keys(s).sort()).toEqual(fields);
  });

  test("page size is 10 and the debounce 300 ms (the protocol's constants)", async () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    await typeAndWait("a");
    expect(client.users[0]!.page).toEqual({ limit: 10, offset: 0 });
  });
});

describe("active sources", () => {
  test("only one source is active at a time by default: activating one deactivates the others", () => {
    expect(c.activeSources).toEqual(["users"]);
    c.activateSource("messages");
    expect(c.activeSources).toEqual(["messages"]);
    c.activateSource("channels");
    expect(c.activeSources).toEqual(["channels"]);
  });

  test("a constructor flag allows several active sources", () => {
    const many = new SearchController({ client, keepSingleActiveSource: false });
    expect(many.activeSources).toEqual(["users", "channels", "messages"]);
    many.deactivateSource("users");
    expect(many.activeSources).toEqual(["channels", "messages"]);
    many.activateSource("users");
    expect(many.activeSources).toEqual(["users", "channels", "messages"]);
  });

  test("the last active source cannot be deactivated", () => {
    c.deactivateSource("users");
    expect(c.activeSources).toEqual(["users"]);
    const many = new SearchController({ client, keepSingleActiveSource: false });
    many.deactivateSource("users");
    many.deactivateSource("channels");
    many.deactivateSource("messages");
    expect(many.activeSources).toEqual(["messages"]);
  });

  test("a source that becomes active runs the current query at once", async () => {
    await typeAndWait("ann");
    c.activateSource("channels");
    expect(client.channels.map((x) => x.q)).toEqual(["ann"]);
  });
});

describe("when a search runs", () => {
  test("debounce: a burst of keystrokes runs one query, 300 ms after the last one", async () => {
    for (const q of ["a", "an", "ann"]) {
      c.search(q);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(client.users).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.users.map((x) => x.q)).toEqual(["ann"]);
    expect(c.getSnapshot().searchQuery).toBe("ann");
  });

  test("a search is skipped when the source is inactive", async () => {
    await typeAndWait("ann");
    expect(client.channels).toHaveLength(0);
    expect(client.messages).toHaveLength(0);
    await c.sources.channels.executeQuery("ann");
    expect(client.channels).toHaveLength(0);
  });

  test("a search is skipped when the query is empty (or only spaces)", async () => {
    await typeAndWait("");
    await typeAndWait("   ");
    expect(client.users).toHaveLength(0);
    expect(c.getSnapshot().sources.users.isLoading).toBe(false);
  });

  test("a search is skipped when already loading: no second request for the next page", async () => {
    await typeAndWait("u");
    expect(c.getSnapshot().sources.users.isLoading).toBe(true);
    await c.loadMore();
    expect(client.users).toHaveLength(1);
  });

  test("a search is skipped when there are no more pages", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve(users(3));
    await flush();
    expect(c.getSnapshot().sources.users.hasNext).toBe(false);
    await c.loadMore();
    expect(client.users).toHaveLength(1);
  });

  test("unless the query is new: a new query runs with no more pages, and resets paging", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve(users(3));
    await flush();
    await typeAndWait("v");
    expect(client.users.map((x) => [x.q, x.page.offset])).toEqual([
      ["u", 0],
      ["v", 0],
    ]);
    const s = c.getSnapshot().sources.users;
    expect(s).toMatchObject({ searchQuery: "v", offset: 0, items: [], isLoading: true, hasNext: true });
  });

  test("unless the query is new: a new query runs while one is loading, and the late answer is dropped", async () => {
    await typeAndWait("u");
    await typeAndWait("v");
    expect(client.users.map((x) => x.q)).toEqual(["u", "v"]);
    client.users[1]!.answer.resolve([user("v1")]);
    await flush();
    client.users[0]!.answer.resolve([user("u1")]);
    await flush();
    expect(c.getSnapshot().sources.users.items.map((u) => u.id)).toEqual(["v1"]);
    expect(c.getSnapshot().sources.users.searchQuery).toBe("v");
  });
});

describe("paging", () => {
  test("more results exist when an offset page is full; the next page starts at the offset", async () => {
    c.activateSource("channels");
    await typeAndWait("c");
    client.channels[0]!.answer.resolve(channels(10));
    await flush();
    expect(c.getSnapshot().sources.channels).toMatchObject({ hasNext: true, offset: 10, isLoading: false });
    void c.loadMore();
    await flush();
    expect(client.channels[1]!.page).toEqual({ limit: 10, offset: 10 });
    client.channels[1]!.answer.resolve(channels(4, 10));
    await flush();
    const s = c.getSnapshot().sources.channels;
    expect(s).toMatchObject({ hasNext: false, offset: 14, next: undefined });
    expect(s.items.map((x) => x.id)).toEqual([...channels(14)].map((x) => x.id));
  });

  test("more results exist when a next cursor is given, and the cursor asks for the next page", async () => {
    c.activateSource("messages");
    await typeAndWait("m");
    client.messages[0]!.answer.resolve({ results: [hit("m2", "2024-01-02T00:00:00.000Z")], next: "CUR" });
    await flush();
    expect(c.getSnapshot().sources.messages).toMatchObject({ hasNext: true, next: "CUR", offset: 0 });
    void c.loadMore();
    await flush();
    expect(client.messages[1]!.page).toEqual({ limit: 10, next: "CUR" });
    client.messages[1]!.answer.resolve({ results: [hit("m1", "2024-01-01T00:00:00.000Z")] });
    await flush();
    const s = c.getSnapshot().sources.messages;
    expect(s).toMatchObject({ hasNext: false, next: undefined });
    expect(s.items.map((r) => r.message.id)).toEqual(["m2", "m1"]);
  });
});

describe("source rules", () => {
  test("user search excludes the current user and sorts by id ascending", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve([user("u3"), user("me"), user("u1"), user("u2")]);
    await flush();
    expect(c.getSnapshot().sources.users.items.map((u) => u.id)).toEqual(["u1", "u2", "u3"]);
  });

  test("user search: a full page that contained the current user still means more results", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve([...users(9), user("me")]);
    await flush();
    expect(c.getSnapshot().sources.users).toMatchObject({ hasNext: true, offset: 10 });
    expect(c.getSnapshot().sources.users.items).toHaveLength(9);
  });

  test("message search sorts by created_at descending", async () => {
    c.activateSource("messages");
    await typeAndWait("m");
    client.messages[0]!.answer.resolve({
      results: [
        hit("a", "2024-01-01T00:00:00.000Z"),
        hit("c", "2024-03-01T00:00:00.000Z"),
        hit("b", "2024-02-01T00:00:00.000Z"),
      ],
    });
    await flush();
    expect(c.getSnapshot().sources.messages.items.map((r) => r.message.id)).toEqual(["c", "b", "a"]);
  });

  test("message search returns nothing when no user is connected, without a request", async () => {
    client.userID = undefined;
    c.activateSource("messages");
    await typeAndWait("m");
    expect(client.messages).toHaveLength(0);
    expect(c.getSnapshot().sources.messages).toMatchObject({ items: [], hasNext: false, isLoading: false });
  });

  test("a failed query is stored as lastQueryError and loading ends", async () => {
    await typeAndWait("u");
    const boom = new Error("network down");
    client.users[0]!.answer.reject(boom);
    await flush();
    expect(c.getSnapshot().sources.users).toMatchObject({ lastQueryError: boom, isLoading: false });
  });

  test("the next query clears lastQueryError", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.reject(new Error("network down"));
    await flush();
    await typeAndWait("v");
    expect(c.getSnapshot().sources.users.lastQueryError).toBeUndefined();
    client.users[1]!.answer.resolve(users(2));
    await flush();
    expect(c.getSnapshot().sources.users).toMatchObject({ lastQueryError: undefined, isLoading: false });
  });

  test("loading the next page after a failed one clears lastQueryError and retries the same page", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve(users(10));
    await flush();
    void c.loadMore();
    client.users[1]!.answer.reject(new Error("flaky"));
    await flush();
    expect(c.getSnapshot().sources.users.lastQueryError?.message).toBe("flaky");
    void c.loadMore();
    await flush();
    expect(c.getSnapshot().sources.users.lastQueryError).toBeUndefined();
    expect(client.users[2]!.page).toEqual({ limit: 10, offset: 10 });
  });
});

describe("subscribable immutable state", () => {
  test("subscribe gets every new snapshot until it unsubscribes", async () => {
    const seen: SearchControllerState[] = [];
    const unsubscribe = c.subscribe((s) => seen.push(s));
    await typeAndWait("u");
    client.users[0]!.answer.resolve(users(1));
    await flush();
    expect(seen.map((s) => s.sources.users.isLoading)).toEqual([false, true, false]);
    expect(seen.at(-1)).toBe(c.getSnapshot());
    unsubscribe();
    await typeAndWait("v");
    expect(seen).toHaveLength(3);
  });

  test("snapshots are replaced on change, never mutated; untouched parts keep their identity", async () => {
    const before = c.getSnapshot();
    const frozenUsers = before.sources.users;
    await typeAndWait("u");
    const after = c.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.sources.users).not.toBe(frozenUsers);
    expect(frozenUsers).toMatchObject({ isLoading: false, searchQuery: "" });
    expect(after.sources.channels).toBe(before.sources.channels);
    expect(c.getSnapshot()).toBe(after);
  });

  test("clear empties the query and every source, keeping which source is active", async () => {
    await typeAndWait("u");
    client.users[0]!.answer.resolve(users(2));
    await flush();
    c.clear();
    expect(c.getSnapshot().searchQuery).toBe("");
    expect(c.getSnapshot().sources.users).toMatchObject({
      items: [],
      searchQuery: "",
      isActive: true,
      offset: 0,
    });
  });
});
