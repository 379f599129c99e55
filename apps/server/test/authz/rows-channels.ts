import { uniqueName } from "../helpers/test-server.js";
import { A, D, listed, type Row, rest, row, someone } from "./row.js";

// Columns:                                          out non ex  mem mod adm ban
/** Channels, membership, read state and unread counts. */
export const channelRows: Row[] = [
  row("list my channels: the channel is listed", [D, D, D, A, A, D, A], (c) =>
    listed(c, "POST", "/channels", (b) => b.channels.some((x: any) => x.channel.cid === c.fx.cid), {
      limit: 100,
    }),
  ),
  row("query the channel (create: false)", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", `${c.fx.path}/query`, { create: false }),
  ),
  row("open a direct channel with the owner", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", "/channels/messaging/query", { data: { members: [c.cast.owner.id] } }),
  ),
  row("create a new channel", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", `/channels/messaging/${uniqueName("new")}/query`, { data: { name: "New" } }),
  ),
  row("rename the channel", [D, D, D, A, A, A, D], (c) =>
    rest(c, "PATCH", c.fx.path, { set: { name: "Renamed" } }),
  ),
  row("delete the channel", [D, D, D, D, A, A, D], (c) => rest(c, "DELETE", c.fx.path), true),
  row("truncate the channel", [D, D, D, D, A, A, D], (c) => rest(c, "POST", `${c.fx.path}/truncate`)),
  row("add a member", [D, D, D, A, A, A, D], async (c) =>
    rest(c, "POST", `${c.fx.path}/members`, { add: [await someone(c.s)] }),
  ),
  // The guest is removed by the first allowed role; removing a non-member is a no-op, still allowed.
  row("remove a member", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", `${c.fx.path}/members`, { remove: [c.cast.guest.id] }),
  ),
  // Nobody removes a member who outranks them in the channel but an admin; the moderator may leave.
  row(
    "remove the channel's owner",
    [D, D, D, D, D, A, D],
    (c) => rest(c, "POST", `${c.fx.path}/members`, { remove: [c.cast.owner.id] }),
    true,
  ),
  row(
    "remove a channel moderator",
    [D, D, D, D, A, A, D],
    (c) => rest(c, "POST", `${c.fx.path}/members`, { remove: [c.cast.actors.channelModerator.id] }),
    true,
  ),
  row(
    "make a member a channel moderator",
    [D, D, D, D, A, A, D],
    (c) =>
      rest(c, "POST", `${c.fx.path}/members`, {
        assign_roles: [{ user_id: c.cast.guest.id, channel_role: "channel_moderator" }],
      }),
    true,
  ),
  row("join (a messaging channel)", [D, D, D, D, D, A, D], (c) => rest(c, "POST", `${c.fx.path}/join`)),
  // Leaving, hiding and muting change only the actor's own membership.
  row("leave", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/leave`)),
  row("hide", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/hide`)),
  row("show", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/show`)),
  row("mute the channel", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/mute`)),
  row("unmute the channel", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/unmute`)),
  row("mark the channel read", [D, D, D, A, A, A, A], (c) => rest(c, "POST", `${c.fx.path}/read`, {})),
  row("unread counts: the channel is counted", [D, D, D, A, A, D, A], (c) =>
    listed(c, "GET", "/unread", (b) => b.channels.some((x: any) => x.cid === c.fx.cid)),
  ),
  row("my user (GET /me)", [D, A, A, A, A, A, A], (c) => rest(c, "GET", "/me")),
];
