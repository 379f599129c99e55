import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, draftKey, loadDraft, saveDraft } from "../../src/chat/draft-storage";
import { FakeStorage } from "../fake-storage";

let local: FakeStorage;
beforeEach(() => {
  local = new FakeStorage();
  vi.stubGlobal("localStorage", local);
});
afterEach(() => vi.unstubAllGlobals());

describe("drafts", () => {
  it("are kept per user, channel and thread", () => {
    expect(draftKey("ana", "messaging:a")).toBe("parley.draft:ana:messaging:a");
    expect(draftKey("ana", "messaging:a", "p1")).toBe("parley.draft:ana:messaging:a:p1");
    saveDraft(draftKey("ana", "messaging:a"), "hello");
    saveDraft(draftKey("bo", "messaging:a"), "other user");
    expect(loadDraft(draftKey("ana", "messaging:a"))).toBe("hello");
    expect(loadDraft(draftKey("ana", "messaging:b"))).toBe("");
    expect(local.getItem("parley.draft:ana:messaging:a")).toBe("hello");
  });

  it("removes an empty draft", () => {
    const key = draftKey("ana", "messaging:a");
    saveDraft(key, "x");
    saveDraft(key, "   ");
    expect(local.getItem(key)).toBeNull();
    saveDraft(key, "y");
    clearDraft(key);
    expect(loadDraft(key)).toBe("");
  });

  it("still keeps the draft in memory when storage throws", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {},
    });
    saveDraft("k", "kept");
    expect(loadDraft("k")).toBe("kept");
  });
});
