import { describe, expect, test } from "vitest";
import {
  GENERIC_PUSH,
  notificationContent,
  readNotificationData,
  readPushPayload,
} from "../../src/pwa/worker/push-content";

const message = {
  kind: "message",
  title: "#general",
  body: "Ada: lunch?",
  tag: "messaging:general",
  url: "/c/messaging:general?message=m1",
  cid: "messaging:general",
  message_id: "m1",
} as const;

describe("reading a push payload", () => {
  test("takes the protocol's PushPayload", () => {
    expect(readPushPayload(JSON.stringify(message))).toEqual(message);
    const test = { kind: "test", title: "Parley", body: "It works", tag: "test", url: "/chats" };
    expect(readPushPayload(JSON.stringify(test))).toEqual(test);
  });

  test("refuses what is not JSON or not the shape", () => {
    for (const text of [
      undefined,
      "",
      "not json",
      "null",
      "[]",
      '"text"',
      JSON.stringify({ ...message, kind: "other" }),
      JSON.stringify({ ...message, title: 5 }),
      JSON.stringify({ ...message, tag: "" }),
      JSON.stringify({ kind: "message", title: "t", body: "b", tag: "x" }),
    ]) {
      expect([text, readPushPayload(text)]).toEqual([text, null]);
    }
  });
});

describe("the notification a push shows", () => {
  test("a first message shows as sent, with its place and a count of one", () => {
    expect(notificationContent(message, undefined)).toEqual({
      title: "#general",
      body: "Ada: lunch?",
      tag: "messaging:general",
      renotify: true,
      data: { url: "/c/messaging:general?message=m1", kind: "message", count: 1 },
    });
  });

  test("messages under one tag collapse into one that counts them, showing the latest", () => {
    const second = notificationContent(
      { ...message, body: "Bo: yes" },
      { url: "/x", kind: "message", count: 1 },
    );
    expect(second.body).toBe("2 new messages · Bo: yes");
    expect(second.data).toEqual({ url: message.url, kind: "message", count: 2 });
    const third = notificationContent({ ...message, body: "Cy: me too" }, second.data);
    expect(third.body).toBe("3 new messages · Cy: me too");
    expect(third.data.count).toBe(3);
  });

  test("a test push neither counts nor renotifies", () => {
    const test = { kind: "test", title: "Parley", body: "It works", tag: "test", url: "/chats" } as const;
    const shown = notificationContent(test, { url: "/chats", kind: "test", count: 1 });
    expect(shown).toMatchObject({ body: "It works", renotify: false, data: { count: 1 } });
  });

  test("an unreadable payload shows the generic notification", () => {
    expect(notificationContent(null, undefined)).toMatchObject({
      title: GENERIC_PUSH.title,
      tag: GENERIC_PUSH.tag,
      data: { url: "/chats", kind: "generic", count: 1 },
    });
    expect(GENERIC_PUSH.title).toBe("New activity in Parley");
  });

  test("reads back only data this worker wrote", () => {
    expect(readNotificationData({ url: "/c/x", kind: "message", count: 4 })).toEqual({
      url: "/c/x",
      kind: "message",
      count: 4,
    });
    expect(readNotificationData({ url: "/c/x", kind: "message" })?.count).toBe(1);
    expect(readNotificationData({ url: "/c/x", kind: "nope", count: 2 })).toBeUndefined();
    expect(readNotificationData(null)).toBeUndefined();
    expect(readNotificationData("x")).toBeUndefined();
  });
});
