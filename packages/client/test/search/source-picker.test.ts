import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { hasMessageSyntax, SearchController, SearchSourcePicker } from "../../src/search/index.js";
import { channel, FakeSearchClient, hit, user } from "./fake-search-client.js";

let client: FakeSearchClient;
let c: SearchController;
let picker: SearchSourcePicker;

beforeEach(() => {
  vi.useFakeTimers();
  client = new FakeSearchClient();
  c = new SearchController({ client });
  picker = new SearchSourcePicker(c);
});
afterEach(() => {
  picker.dispose();
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);
async function typeAndWait(q: string) {
  picker.search(q);
  await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
}

describe("the source a search opens on", () => {
  test("messages first: a query that matches messages stays on messages, one source active", async () => {
    await typeAndWait("build");
    expect(c.activeSources).toEqual(["messages"]);
    expect(client.messages).toHaveLength(1);
    expect(client.messages[0]?.page.limit).toBe(SEARCH_PAGE_SIZE);
    client.messages[0]?.answer.resolve({ results: [hit("m1", "2024-01-01T00:00:00.000Z")] });
    await flush();
    expect(c.activeSources).toEqual(["messages"]);
    expect(client.channels).toHaveLength(0);
    expect(client.users).toHaveLength(0);
  });

  test("no message: channels, then people; the first with results is shown", async () => {
    await typeAndWait("ana");
    client.messages[0]?.answer.resolve({ results: [] });
    await flush();
    expect(c.activeSources).toEqual(["channels"]);
    expect(client.channels.map((x) => x.q)).toEqual(["ana"]);
    client.channels[0]?.answer.resolve([]);
    await flush();
    expect(c.activeSources).toEqual(["users"]);
    client.users[0]?.answer.resolve([user("ana")]);
    await flush();
    expect(c.activeSources).toEqual(["users"]);
    expect(c.getSnapshot().sources.users.items.map((u) => u.id)).toEqual(["ana"]);
  });

  test("nothing anywhere: back to messages, with no further request", async () => {
    await typeAndWait("zzz");
    client.messages[0]?.answer.resolve({ results: [] });
    await flush();
    client.channels[0]?.answer.resolve([]);
    await flush();
    client.users[0]?.answer.resolve([]);
    await flush();
    expect(c.activeSources).toEqual(["messages"]);
    expect([client.messages.length, client.channels.length, client.users.length]).toEqual([1, 1, 1]);
  });

  test("the next query starts on messages again, still debounced (one request per burst)", async () => {
    await typeAndWait("gen");
    client.messages[0]?.answer.resolve({ results: [] });
    await flush();
    client.channels[0]?.answer.resolve([channel("general")]);
    await flush();
    expect(c.activeSources).toEqual(["channels"]);
    picker.search("gene");
    picker.search("gener");
    expect(c.activeSources).toEqual(["messages"]);
    expect(client.messages).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(client.messages).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.messages.map((x) => x.q)).toEqual(["gen", "gener"]);
  });

  test("a source the user picks stays, for this query and the next", async () => {
    await typeAndWait("ana");
    picker.choose("users");
    client.messages[0]?.answer.resolve({ results: [] });
    await flush();
    expect(c.activeSources).toEqual(["users"]);
    client.users[0]?.answer.resolve([]);
    await flush();
    expect(c.activeSources).toEqual(["users"]);
    await typeAndWait("bob");
    expect(c.activeSources).toEqual(["users"]);
    picker.clear();
    await typeAndWait("carol");
    expect(c.activeSources).toEqual(["messages"]);
  });

  test("filters and phrases are message syntax: no hand-over to channels or people", async () => {
    expect(hasMessageSyntax("from:@ana")).toBe(true);
    expect(hasMessageSyntax('"build failed"')).toBe(true);
    expect(hasMessageSyntax("HAS:link x")).toBe(true);
    expect(hasMessageSyntax("ana")).toBe(false);
    expect(hasMessageSyntax("column:value")).toBe(false);
    await typeAndWait("from:@ana");
    client.messages[0]?.answer.resolve({ results: [] });
    await flush();
    expect(c.activeSources).toEqual(["messages"]);
    expect(client.channels).toHaveLength(0);
  });

  test("a failed message search stays on messages with lastQueryError", async () => {
    await typeAndWait("before:2024-13-01");
    client.messages[0]?.answer.reject(new Error("before: bad date"));
    await flush();
    expect(c.activeSources).toEqual(["messages"]);
    expect(c.getSnapshot().sources.messages.lastQueryError?.message).toBe("before: bad date");
  });
});
