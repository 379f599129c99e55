import type { ChatClient } from "@parley/client";
import type { Db } from "../support/db.js";
import { type Prng, until } from "../support/prng.js";
import { channelOf, type ModelChannel, type World } from "./unread-world.js";

export interface StepInfo {
  kind: string;
  user: string;
  tab: number;
  cid: string;
}

const KINDS: [string, number][] = [
  ["post", 26],
  ["mention", 8],
  ["reply", 10],
  ["edit", 8],
  ["delete", 8],
  ["read", 16],
  ["leave", 5],
  ["rejoin", 7],
  ["hide", 6],
  ["show", 2],
  ["mute", 2],
  ["unmute", 2],
];
const WEIGHT = KINDS.reduce((n, [, w]) => n + w, 0);

function pickKind(rng: Prng): string {
  let x = rng.next() * WEIGHT;
  for (const [k, w] of KINDS) {
    x -= w;
    if (x < 0) return k;
  }
  return "post";
}

/** A tab holding a channel the user left watches it again by itself once the user is added back. */
async function rewatched(tabs: readonly ChatClient[], ch: ModelChannel): Promise<void> {
  for (const tab of tabs) {
    const held = tab.activeChannels.get(ch.cid);
    if (held) await until(() => held.watching, 5000, `${ch.cid} watched again`);
  }
}

const memberOf = (db: Db, userId: string, cid: string) =>
  db.prepare("select hidden, muted from members where cid = ? and user_id = ?").get(cid, userId) as
    | { hidden: number; muted: number }
    | undefined;

const membersIn = (db: Db, cid: string) =>
  (db.prepare("select user_id from members where cid = ?").all(cid) as { user_id: string }[]).map(
    (r) => r.user_id,
  );

/**
 * Picks one random step whose preconditions hold (a member posts, edits their own message, a
 * non-member rejoins…) and performs it through a random tab of the acting user, the way the web
 * app would: through the SDK's Channel, so the tab applies its own answers. Returns null when the
 * drawn step has no valid target this time.
 */
export async function randomStep(w: World, db: Db, rng: Prng, n: number): Promise<StepInfo | null> {
  const kind = pickKind(rng);
  const user = rng.pick(w.users);
  const tabIndex = rng.int(0, 1);
  const tab = user.tabs[tabIndex]!;
  const ch: ModelChannel = rng.pick(w.channels);
  const info: StepInfo = { kind, user: user.id, tab: tabIndex, cid: ch.cid };
  const membership = memberOf(db, user.id, ch.cid);
  const text = `step ${n} ${kind}`;

  if (kind === "rejoin") {
    if (membership) return null;
    if (ch.type === "team") {
      // As the web app does: open the (publicly readable) channel, then join it.
      const channel = channelOf(tab, ch);
      if (!channel.watching) await channel.watch();
      await channel.join();
    } else {
      const owner = w.users.find((u) => u.id === ch.owner)!;
      await channelOf(owner.tabs[rng.int(0, 1)]!, ch).addMembers([user.id]);
    }
    await rewatched(user.tabs, ch);
    return info;
  }
  if (!membership) return null;
  // Only channels the user is a member of: a tab holds them since queryChannels or being added.
  const channel = channelOf(tab, ch);
  switch (kind) {
    case "post":
      await channel.sendMessage({ text });
      return info;
    case "mention": {
      const others = membersIn(db, ch.cid).filter((id) => id !== user.id);
      if (others.length === 0) return null;
      const target = rng.pick(others);
      await channel.sendMessage({ text: `@${target} ${text}`, mentioned_users: [target] });
      return info;
    }
    case "reply": {
      const parents = db
        .prepare(
          "select id from messages where cid = ? and parent_id is null and type = 'regular' and poll_id is null",
        )
        .all(ch.cid) as { id: string }[];
      if (parents.length === 0) return null;
      await channel.sendMessage({ text, parent_id: rng.pick(parents).id, show_in_channel: rng.chance(0.4) });
      return info;
    }
    case "edit":
    case "delete": {
      const own = db
        .prepare("select id from messages where cid = ? and user_id = ? and type = 'regular'")
        .all(ch.cid, user.id) as { id: string }[];
      if (own.length === 0) return null;
      const id = rng.pick(own).id;
      if (kind === "edit") await channel.updateMessage(id, `${text} (edited)`);
      else await channel.deleteMessage(id);
      return info;
    }
    case "read":
      await channel.markRead();
      return info;
    case "leave":
      if (ch.owner === user.id) return null;
      await channel.leave();
      return info;
    case "hide":
      await channel.hide();
      return info;
    case "show":
      if (!membership.hidden) return null;
      await channel.show();
      return info;
    case "mute":
      if (membership.muted) return null;
      await channel.mute();
      return info;
    case "unmute":
      if (!membership.muted) return null;
      await channel.unmute();
      return info;
  }
  return null;
}
