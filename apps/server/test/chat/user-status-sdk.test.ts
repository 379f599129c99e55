/**
 * The SDK applies `user.updated` as a fresh fetch would show it: the other member's status and
 * Do Not Disturb in each channel's members (presence kept), and the user's own `client.user`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { channelId, connectedUser, type SdkUser, waitFor } from "../sdk/sdk-helpers.js";

let server: TestServer;
const users: SdkUser[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(users.splice(0).map((u) => u.client.disconnectUser()));
});
afterAll(() => server?.close());

describe("user.updated in the SDK", () => {
  it("gives the watcher's members what a fresh fetch gives, and the user their own", async () => {
    const ana = await connectedUser(server);
    const bob = await connectedUser(server);
    users.push(ana, bob);
    const id = channelId("us");
    const mine = ana.client.channel("messaging", id, { members: [ana.auth.user.id, bob.auth.user.id] });
    await mine.watch();
    const theirs = bob.client.channel("messaging", id);
    await theirs.watch();
    const anaId = ana.auth.user.id;
    const seen = () => theirs.state.members[anaId]?.user;
    await waitFor(() => seen()?.online === true, 10_000, "Ana online");

    const expires = new Date(Date.now() + 3600_000);
    await ana.client.setStatus({ emoji: "📅", text: "In a meeting", expires_at: expires });
    expect(ana.client.user?.status).toEqual({
      emoji: "📅",
      text: "In a meeting",
      expires_at: expires.toISOString(),
    });
    await waitFor(() => seen()?.status?.text === "In a meeting", 10_000, "status at Bob");
    const until = new Date(Date.now() + 7200_000);
    await ana.client.notifications.update({ dnd_until: until });
    await waitFor(() => seen()?.dnd_until === until.toISOString(), 10_000, "DND at Bob");

    const answer = await bob.client.rest.queryChannel("messaging", id, { create: false });
    const fetched = answer.members.find((m) => m.user_id === anaId)?.user;
    expect({ ...seen(), last_active: null }).toEqual({ ...fetched, last_active: null });
    expect(seen()?.online).toBe(true);

    await ana.client.clearStatus();
    expect(ana.client.user?.status).toBeUndefined();
    await waitFor(() => seen()?.status === undefined, 10_000, "status cleared at Bob");
    expect(seen()?.dnd_until).toBe(until.toISOString());
  });
});
