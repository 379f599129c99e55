import type { Channel, ChatClient } from "@parley/client";
import type { TestServer } from "../../helpers/test-server.js";
import { uniqueName } from "../../helpers/test-server.js";
import { sdkClient } from "../support/sdk.js";

export interface ModelUser {
  id: string;
  token: string;
  /** Two tabs: two SDK clients of the same user. */
  tabs: ChatClient[];
}

export interface ModelChannel {
  cid: string;
  type: "messaging" | "team";
  id: string;
  owner: string;
}

export interface World {
  s: TestServer;
  users: ModelUser[];
  channels: ModelChannel[];
}

/**
 * Three users with two tabs each; three channels: two `messaging` ones (the owner adds members
 * back after they leave) and one `team` channel (users join and leave themselves). Every tab
 * lists its channels with `queryChannels()`, as the web app does, so it watches them.
 */
export async function makeWorld(s: TestServer): Promise<World> {
  const accounts = await Promise.all([0, 1, 2].map(() => s.signup()));
  const [a, b, c] = accounts.map((x) => x.user.id) as [string, string, string];
  const channels: ModelChannel[] = [
    { type: "messaging", id: uniqueName("um"), owner: a, cid: "" },
    { type: "messaging", id: uniqueName("un"), owner: b, cid: "" },
    { type: "team", id: uniqueName("ut"), owner: c, cid: "" },
  ];
  const members = [[b, c], [a], [a, b]];
  for (const [i, ch] of channels.entries()) {
    ch.cid = `${ch.type}:${ch.id}`;
    const owner = accounts.find((x) => x.user.id === ch.owner)!;
    const r = await s.chat(owner.streamToken, "POST", `/channels/${ch.type}/${ch.id}/query`, {
      data: { name: ch.id, members: members[i] },
    });
    if (r.status !== 200) throw new Error(`channel ${ch.cid}: ${r.status}`);
  }
  const users: ModelUser[] = [];
  for (const acc of accounts) {
    const tabs: ChatClient[] = [];
    for (let t = 0; t < 2; t++) {
      const client = sdkClient(s.url, s.apiKey);
      await client.connectUser({ id: acc.user.id }, acc.streamToken);
      await client.queryChannels({}, undefined, { limit: 30 });
      tabs.push(client);
    }
    users.push({ id: acc.user.id, token: acc.streamToken, tabs });
  }
  return { s, users, channels };
}

/** The tab's Channel object for a model channel (created, not queried, when the tab lacks it). */
export function channelOf(tab: ChatClient, ch: ModelChannel): Channel {
  return tab.activeChannels.get(ch.cid) ?? tab.channel(ch.type, ch.id);
}

export async function disposeWorld(w: World): Promise<void> {
  for (const u of w.users) for (const t of u.tabs) await t.disconnectUser();
}
