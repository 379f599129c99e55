import { ChatApiError, type SearchControllerState, type SearchSourceState } from "@parley/client";
import { describe, expect, test } from "vitest";
import { countLabel, errorText, tabLabel, viewStatus } from "../../src/search/search-status";

function source(over: Partial<SearchSourceState<unknown>> = {}): SearchSourceState<never> {
  return {
    hasNext: false,
    isActive: false,
    isLoading: false,
    items: [],
    lastQueryError: undefined,
    next: undefined,
    offset: 0,
    searchQuery: "",
    ...over,
  } as SearchSourceState<never>;
}

function state(
  query: string,
  sources: Partial<Record<"messages" | "channels" | "users", Partial<SearchSourceState<unknown>>>>,
): SearchControllerState {
  return {
    searchQuery: query,
    sources: {
      messages: source(sources.messages),
      channels: source(sources.channels),
      users: source(sources.users),
    },
  };
}

describe("counts", () => {
  test("are grammatical, and say when more pages exist", () => {
    expect(countLabel("messages", 1, false)).toBe("1 message");
    expect(countLabel("messages", 2, false)).toBe("2 messages");
    expect(countLabel("messages", 10, true)).toBe("10+ messages");
    expect(countLabel("channels", 1, false)).toBe("1 channel");
    expect(countLabel("users", 1, false)).toBe("1 person");
    expect(countLabel("users", 3, false)).toBe("3 people");
    expect(countLabel("users", 0, false)).toBe("0 people");
  });

  test("a tab shows its count only once its source answered this query", () => {
    const answered = source({ searchQuery: "build", items: [1, 2] as never[] });
    expect(tabLabel("messages", answered, "build")).toBe("2 messages");
    expect(tabLabel("messages", { ...answered, isLoading: true }, "build")).toBe("Messages");
    expect(tabLabel("messages", answered, "buil")).toBe("Messages");
    expect(tabLabel("users", source({ searchQuery: "build" }), "build")).toBe("0 people");
  });
});

describe("what the results area shows", () => {
  test("nothing typed: the help", () => {
    expect(viewStatus(state("", {}), "messages", "", false)).toBe("idle");
  });

  test("results as soon as the active source has some", () => {
    const s = state("build", { messages: { searchQuery: "build", items: [1] } });
    expect(viewStatus(s, "messages", "build", false)).toBe("results");
  });

  test("an empty answer the picker may still hand over is 'loading', never a passing 'No … match'", () => {
    const s = state("build", {
      users: { searchQuery: "build" },
      messages: { searchQuery: "build", isLoading: true },
    });
    expect(viewStatus(s, "users", "build", false)).toBe("loading");
    const all = state("build", {
      users: { searchQuery: "build" },
      messages: { searchQuery: "build" },
      channels: { searchQuery: "build" },
    });
    expect(viewStatus(all, "users", "build", false)).toBe("empty");
  });

  test("a chosen source, or message syntax, is empty at once", () => {
    const s = state("zzz", { users: { searchQuery: "zzz" } });
    expect(viewStatus(s, "users", "zzz", true)).toBe("empty");
    const f = state("from:@ana zzz", { messages: { searchQuery: "from:@ana zzz" } });
    expect(viewStatus(f, "messages", "from:@ana zzz", false)).toBe("empty");
  });

  test("a failed query is an error, with the server's reason for a bad filter", () => {
    const error = new ChatApiError(400, "validation", "bad", { q: 'before: "2026-13-01" is not a date' });
    const s = state("before:2026-13-01", {
      messages: { searchQuery: "before:2026-13-01", lastQueryError: error },
    });
    expect(viewStatus(s, "messages", "before:2026-13-01", false)).toBe("error");
    expect(errorText(error)).toBe('before: "2026-13-01" is not a date');
    expect(errorText(new Error("network"))).toBe("Search failed.");
  });
});
