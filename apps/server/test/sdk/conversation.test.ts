import { hasOwnReaction } from "@parley/client";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, waitFor } from "./sdk-helpers.js";

let server: TestServer;
const users: SdkUser[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(users.splice(0).map((u) => u.client.disconnectUser()));
});
afterAll(async () => {
  await server?.close();
});

async function pair() {
  const [a, b] = await Promise.all([connectedUser(server), connectedUser(server)]);
  users.push(a, b);
  const channelA = a.client.channel("messaging", channelId(), {
    members: [a.auth.user.id, b.auth.user.id],
    name: "conv",
  });
  await channelA.watch();
  const [channelB] = await b.client.queryChannels({ type: "messaging" });
  if (!channelB) throw new Error("B does not see the channel");
  return { a, b, channelA, channelB };
}

/** The smallest valid PNG (1 × 1, one black pixel). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("conversation features through the SDK", () => {
  test("threads: B's thread object gets A's replies live, the parent's summary follows, unread counts", async () => {
    const { a, b, channelA, channelB } = await pair();
    const parent = await channelB.sendMessage({ text: "parent" });
    await waitFor(() => channelA.state.messages.some((m) => m.id === parent.id));
    const threadB = channelB.thread(parent.id);
    await threadB.load();
    expect(threadB.state.parent?.text).toBe("parent");

    await channelA.sendMessage({ text: "reply 1", parent_id: parent.id });
    await waitFor(() => threadB.state.replies.length === 1, 5_000, "B's thread to get the reply");
    await waitFor(() => channelB.state.messages.find((m) => m.id === parent.id)?.reply_count === 1);
    expect(threadB.state.parent?.reply_count).toBe(1);
    expect(channelB.state.messages.map((m) => m.text)).toEqual(["parent"]);
    // B wrote the parent: the reply counts as unread in that thread, here and on the server.
    expect(channelB.state.threadUnread[parent.id]).toBe(1);
    const unread = await b.client.getUnreadCount();
    expect(unread.threads).toEqual([{ parent_id: parent.id, cid: channelB.cid, unread_replies: 1 }]);
    await threadB.markRead();
    expect(channelB.state.threadUnread[parent.id]).toBeUndefined();
    expect((await b.client.getUnreadCount()).threads).toEqual([]);

    // "Also send to channel" puts the reply in both lists.
    await channelA.sendMessage({ text: "reply 2", parent_id: parent.id, show_in_channel: true });
    await waitFor(() => channelB.state.messages.some((m) => m.text === "reply 2"));
    await waitFor(() => threadB.state.replies.length === 2);
    expect(a.client.userID).not.toBe(b.client.userID);
  });

  test("reactions: counts reach the other client, own reactions stay per reader", async () => {
    const { channelA, channelB } = await pair();
    const m = await channelA.sendMessage({ text: "react to me" });
    await waitFor(() => channelB.state.messages.some((x) => x.id === m.id));
    await channelB.toggleReaction(m.id, "👍");
    await waitFor(() => channelA.state.messages.find((x) => x.id === m.id)?.reaction_counts["👍"] === 1);
    const onA = channelA.state.messages.find((x) => x.id === m.id)!;
    const onB = channelB.state.messages.find((x) => x.id === m.id)!;
    expect(hasOwnReaction(onA, "👍")).toBe(false);
    expect(hasOwnReaction(onB, "👍")).toBe(true);
    await channelA.toggleReaction(m.id, "👍");
    await waitFor(() => channelB.state.messages.find((x) => x.id === m.id)?.reaction_counts["👍"] === 2);
    await channelB.toggleReaction(m.id, "👍");
    await waitFor(() => channelA.state.messages.find((x) => x.id === m.id)?.reaction_counts["👍"] === 1);
    expect(hasOwnReaction(channelA.state.messages.find((x) => x.id === m.id)!, "👍")).toBe(true);
    expect(hasOwnReaction(channelB.state.messages.find((x) => x.id === m.id)!, "👍")).toBe(false);
  });

  test("edit history, pins and the pinned list", async () => {
    const { a, channelA, channelB } = await pair();
    const m = await channelA.sendMessage({ text: "v1" });
    await channelA.updateMessage(m.id, "v2");
    await channelA.updateMessage(m.id, "v3");
    expect((await a.client.getMessageHistory(m.id)).map((v) => v.text)).toEqual(["v3", "v2", "v1"]);
    expect((await channelB.getMessageHistory(m.id, 1)).map((v) => v.text)).toEqual(["v1", "v2", "v3"]);
    // A created the channel: the owner pins; B sees the pin as a message update.
    await channelA.pinMessage(m.id);
    await waitFor(() => channelB.state.messages.find((x) => x.id === m.id)?.pinned_at !== null);
    expect((await channelB.getPinnedMessages()).map((x) => x.id)).toEqual([m.id]);
    await expect(channelB.pinMessage(m.id)).rejects.toMatchObject({ status: 403 });
    await channelA.unpinMessage(m.id);
    expect(await channelA.getPinnedMessages()).toEqual([]);
  });

  test("uploads: a file uploaded (fetch transport) and attached is fetched by the other member as a Blob", async () => {
    const { channelA, channelB, b } = await pair();
    const upload = channelA.uploadFile({ data: new Blob([PNG], { type: "image/png" }), name: "dot.png" });
    const file = await upload.promise;
    expect(upload.state.status).toBe("uploaded");
    expect(file).toMatchObject({ type: "image", name: "dot.png", width: 1, height: 1 });
    const sent = await channelA.sendMessage({ text: "", attachments: [file.id] }, { attachments: [file] });
    expect(sent.attachments.map((f) => f.id)).toEqual([file.id]);
    await waitFor(() => channelB.state.messages.some((m) => m.id === sent.id));
    const blob = await b.client.fetchFile(file.url);
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    // Without the token the file is refused.
    const res = await fetch(`${server.url}${file.url}?api_key=${server.apiKey}`);
    expect([401, 403]).toContain(res.status);
    // A cancelled upload rejects and leaves nothing to attach.
    const big = channelA.uploadFile({
      data: new Blob([new Uint8Array(2 * 1024 * 1024)], { type: "application/pdf" }),
      name: "big.pdf",
    });
    big.cancel();
    await expect(big.promise).rejects.toMatchObject({ code: "aborted" });
    expect(big.state.status).toBe("cancelled");
  });
});
