import { verdict } from "./roles.js";
import { A, D, listed, type Row, rest, row, someone } from "./row.js";

async function profile(c: Parameters<Row["run"]>[0]) {
  const res = await fetch(`${c.s.url}/api/profile`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${c.me.session}` },
    body: JSON.stringify({ displayName: `Name ${c.role}` }),
  });
  await res.text();
  return res.status < 300 ? A : res.status === 401 || res.status === 403 ? D : `${res.status}`;
}

// Columns:                                          out non ex  mem mod adm ban
/** Search (every source), moderation, roles, policies and the account. */
export const moderationRows: Row[] = [
  row("search messages: the channel's message is found", [D, D, D, A, A, D, A], (c) =>
    listed(c, "GET", `/search/messages?q=${c.fx.word}&limit=100`, (b) =>
      b.results.some((r: any) => r.message.cid === c.fx.cid),
    ),
  ),
  row("search channels: the channel is found", [D, D, D, A, A, D, A], (c) =>
    listed(c, "GET", `/search/channels?q=${c.fx.id}`, (b) => b.channels.some((x: any) => x.cid === c.fx.cid)),
  ),
  // the fixture channel is members-only: nobody is offered to join it, not even the admin
  row("joinable channels: the members-only channel is offered", [D, D, D, D, D, D, D], (c) =>
    listed(c, "GET", `/channels/joinable?q=${c.fx.id}`, (b) =>
      b.channels.some((x: any) => x.cid === c.fx.cid),
    ),
  ),
  row("search users: the owner is found", [D, A, A, A, A, A, A], (c) =>
    listed(c, "GET", `/search/users?q=${c.cast.owner.id}`, (b) =>
      b.users.some((u: any) => u.id === c.cast.owner.id),
    ),
  ),
  row("user search (GET /users): the owner is found", [D, A, A, A, A, A, A], (c) =>
    listed(c, "GET", `/users?q=${c.cast.owner.id}`, (b) =>
      b.users.some((u: any) => u.id === c.cast.owner.id),
    ),
  ),
  row("flag the owner's message", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", `/messages/${c.fx.ownerMessage}/flag`, { reason: c.role }),
  ),
  row("review the flag queue", [D, D, D, D, D, A, D], (c) => rest(c, "POST", "/moderation/flags", {})),
  row("review flags (update_flags as oneself)", [D, D, D, D, D, A, D], (c) =>
    rest(c, "POST", "/automod/v1/moderation/update_flags", {
      message_ids: [c.fx.ownerMessage],
      reviewed_by: c.me.id,
    }),
  ),
  row("ban a member in the channel", [D, D, D, D, A, A, D], (c) =>
    rest(c, "POST", "/moderation/ban", { target_user_id: c.cast.guest.id, cid: c.fx.cid }),
  ),
  row(
    "unban in the channel",
    [D, D, D, D, A, A, D],
    (c) => rest(c, "POST", "/moderation/unban", { target_user_id: c.cast.actors.banned.id, cid: c.fx.cid }),
    true,
  ),
  row("list the channel's bans", [D, D, D, D, A, A, D], (c) =>
    rest(c, "GET", `/moderation/bans?cid=${encodeURIComponent(c.fx.cid)}`),
  ),
  row("list app-wide bans", [D, D, D, D, D, A, D], (c) => rest(c, "GET", "/moderation/bans")),
  row("ban a user app-wide", [D, D, D, D, D, A, D], async (c) =>
    rest(c, "POST", "/moderation/ban", { target_user_id: await someone(c.s), timeout: 1 }),
  ),
  row("mute a user", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", "/moderation/mute", { target_id: c.cast.guest.id }),
  ),
  row("unmute a user", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", "/moderation/unmute", { target_id: c.cast.guest.id }),
  ),
  row("set a user's role", [D, D, D, D, D, A, D], async (c) =>
    rest(c, "PUT", `/users/${await someone(c.s)}/role`, { role: "user" }),
  ),
  row("read a channel type's settings", [D, D, D, D, D, A, D], (c) =>
    rest(c, "GET", "/channel-types/messaging"),
  ),
  row("change a channel type's settings (to their current values)", [D, D, D, D, D, A, D], (c) =>
    rest(c, "PATCH", "/channel-types/messaging", { set: { search: true } }),
  ),
  row("read a channel type's policies", [D, D, D, D, D, A, D], (c) =>
    rest(c, "GET", "/channel-types/messaging/policies"),
  ),
  row("replace a channel type's policies (restore defaults)", [D, D, D, D, D, A, D], (c) =>
    rest(c, "PUT", "/channel-types/messaging/policies", { policies: null }),
  ),
  row("update one's profile", [D, A, A, A, A, A, A], profile),
  row("fetch an external image through the proxy (GET /images)", [D, A, A, A, A, A, A], proxiedImage),
  // The API description needs no credentials; whatever a caller sends along changes nothing.
  row("read the API description (GET /openapi.json)", [A, A, A, A, A, A, A], (c) =>
    rest(c, "GET", "/openapi.json"),
  ),
  row("read the API reference page (GET /docs)", [A, A, A, A, A, A, A], docsPage),
];

/** The reference page is HTML, not JSON: sent with the cell's credentials, it answers alike. */
async function docsPage(c: Parameters<Row["run"]>[0]) {
  const res = await fetch(`${c.s.url}/chat/docs?api_key=${c.s.apiKey}`, {
    headers: { authorization: `Bearer ${c.me.token}` },
  });
  const html = await res.text();
  if (res.status === 200 && /<div id="swagger-ui">/.test(html)) return A;
  return res.status === 401 || res.status === 403 ? D : `${res.status}`;
}

/**
 * The image proxy lets every signed-in user through and nobody else. The matrix's server runs
 * without OUTBOUND_ALLOW_LOOPBACK, so it fetches nothing here: the URL is a loopback address, which
 * the outbound guard refuses with `400 bad_request` — the same answer for everyone, and one given
 * only after the caller was authenticated — so that answer reads as "let through". A signed-out
 * caller is stopped before the guard (401); any other answer is reported as unexpected.
 */
async function proxiedImage(c: Parameters<Row["run"]>[0]) {
  const url = encodeURIComponent("http://127.0.0.1/avatar.png");
  const r = await c.s.chat(c.me.token, "GET", `/images?url=${url}`);
  if (r.status === 400 && r.body?.error?.code === "bad_request" && /loopback/.test(r.body.error.message))
    return A;
  return verdict(r);
}
