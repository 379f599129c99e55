import { createECDH, randomBytes } from "node:crypto";
import type { TestServer } from "../helpers/test-server.js";
import { uniqueName } from "../helpers/test-server.js";
import { send } from "./openapi-operations.js";

/** A signed-up user: their id, chat token and session token. */
export interface Account {
  id: string;
  token: string;
  session: string;
}

/**
 * Who the fuzz acts as: an admin it may demote or ban and a plain member, both restored after
 * each operation by the install's first admin (`root`), whom no request can name.
 */
export interface Cast {
  root: Account;
  admin: Account;
  member: Account;
  other: Account;
}

async function must<B>(p: Promise<{ status: number; body: B }>, what: string): Promise<B> {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture: ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const account = (a: Awaited<ReturnType<TestServer["signup"]>>): Account => ({
  id: a.user.id,
  token: a.streamToken,
  session: a.token,
});

export async function castOf(s: TestServer): Promise<Cast> {
  const [admin, member, other] = (await Promise.all([s.signup(), s.signup(), s.signup()])).map(account);
  const cast = { root: account(s.admin), admin: admin!, member: member!, other: other! };
  await restore(s, cast);
  return cast;
}

const TYPES = ["messaging", "team"];

/** The built-in channel types' settings as the install starts, to put back after each operation. */
export async function typeSettingsOf(s: TestServer, cast: Cast): Promise<Record<string, unknown>> {
  const settings: Record<string, unknown> = {};
  for (const t of TYPES) {
    const { public_read: _, ...set } = (await must(s.chat(cast.root.token, "GET", `/channel-types/${t}`), t))
      .channel_type.config;
    settings[t] = set;
  }
  return settings;
}

/** Undoes what an operation may have done to the whole install: roles, app-wide bans, channel types. */
export async function restore(s: TestServer, cast: Cast, settings?: Record<string, unknown>): Promise<void> {
  const root = cast.root.token;
  const roles: [Account, string][] = [
    [cast.admin, "admin"],
    [cast.member, "user"],
    [cast.other, "user"],
  ];
  for (const [a, role] of roles) {
    const unban = await s.chat(root, "POST", "/moderation/unban", { target_user_id: a.id });
    if (unban.status !== 200 && unban.status !== 404) throw new Error(`fixture: unban: ${unban.status}`);
    await must(s.chat(root, "PUT", `/users/${a.id}/role`, { role }), "role");
  }
  if (!settings) return;
  for (const t of TYPES) {
    await must(s.chat(root, "PUT", `/channel-types/${t}/policies`, { policies: null }), "policies");
    await must(s.chat(root, "PATCH", `/channel-types/${t}`, { set: settings[t] }), "settings");
  }
}

/**
 * Things for requests to name, made through the API: two channels, messages with a thread, a
 * reaction, a poll on a message and a draft one, votes, a file and a flag. Answers the real values
 * by what names them: a path parameter after its segment (`messages/{id}`) or a field's name.
 */
export async function fixtureOf(s: TestServer, cast: Cast): Promise<Map<string, string[]>> {
  const { admin, member, other } = cast;
  const chat = s.chat.bind(s);
  // One id for a channel of each type: whichever type a request pairs it with, it names a channel.
  const id = uniqueName("oa");
  const path = `/channels/messaging/${id}`;
  await must(
    chat(admin.token, "POST", `${path}/query`, { data: { name: id, members: [member.id, other.id] } }),
    "channel",
  );
  await must(chat(member.token, "POST", `/channels/team/${id}/query`, { data: { name: id } }), "team");
  const send = async (token: string, message: Record<string, unknown>) =>
    (await must(chat(token, "POST", `${path}/messages`, { message }), "send")).message.id as string;
  const first = await send(admin.token, { text: "first" });
  const second = await send(member.token, { text: `@${other.id} second`, mentioned_users: [other.id] });
  const reply = await send(other.token, { text: "reply", parent_id: first });
  await must(
    chat(member.token, "POST", `/messages/${first}/reaction`, { reaction: { type: "like" } }),
    "react",
  );
  const newPoll = async () =>
    (
      await must(
        chat(admin.token, "POST", "/polls", {
          name: "Poll",
          allow_answers: true,
          allow_user_suggested_options: true,
          options: [{ text: "A" }, { text: "B" }],
        }),
        "poll",
      )
    ).poll;
  const poll = await newPoll();
  const draft = await newPoll();
  const pollMessage = await send(admin.token, { text: "vote", poll_id: poll.id });
  const options = poll.options.map((o: { id: string }) => o.id) as string[];
  const vote = async (token: string) =>
    (
      await must(
        chat(token, "POST", `/messages/${pollMessage}/polls/${poll.id}/vote`, {
          vote: { option_id: options[0] },
        }),
        "vote",
      )
    ).vote.id as string;
  const votes = [await vote(admin.token), await vote(member.token)];
  const file = await upload(s, admin.token, path);
  await send(admin.token, { text: "", attachments: [file] });
  await must(chat(member.token, "POST", `/messages/${first}/flag`, { reason: "fuzz" }), "flag");
  const ban = { target_user_id: other.id, cid: `team:${id}` };
  await must(chat(cast.root.token, "POST", "/moderation/ban", ban), "ban");

  // A push device of each caller; its keys and endpoint are what a new registration may reuse.
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  };
  const endpoints = [admin, member].map((p) => `https://push.invalid/${p.id}/${uniqueName("e")}`);
  const devices: string[] = [];
  for (const [i, p] of [admin, member].entries()) {
    const d = await must(
      chat(p.token, "POST", "/push/subscriptions", { endpoint: endpoints[i], keys }),
      "device",
    );
    devices.push(d.subscription.id as string);
  }

  const users = [admin.id, member.id, other.id];
  const messages = [first, second, reply, pollMessage];
  const cids = [`messaging:${id}`, `team:${id}`];
  const all = [...users, ...messages, ...cids, id, poll.id, draft.id, ...options, ...votes, file];
  return new Map<string, string[]>([
    ["channels/{type}", TYPES],
    ["channels/{id}", [id]],
    ["messages/{id}", messages],
    ["messages/{messageId}", [pollMessage, first]],
    ["reaction/{type}", ["like"]],
    ["uploads/{id}", [file]],
    ["polls/{id}", [poll.id, draft.id]],
    ["polls/{pollId}", [poll.id]],
    ["options/{optionId}", options],
    ["vote/{voteId}", votes],
    ["users/{id}", users],
    ["subscriptions/{id}", devices],
    ["endpoint", endpoints],
    ["p256dh", [keys.p256dh]],
    ["auth", [keys.auth]],
    ["channel-types/{name}", TYPES],
    ["type", TYPES],
    ["cid", cids],
    ["$eq", cids],
    ["$in", cids],
    ["members", users],
    ["user_id", users],
    ["target_user_id", users],
    ["target_id", users],
    ["reviewed_by", users],
    ["mentioned_users", users],
    ["created_by_id", users],
    ["message_id", messages],
    ["message_ids", messages],
    ["parent_id", messages],
    ["id_lt", messages],
    ["id_gt", messages],
    ["id_around", messages],
    ["poll_id", [poll.id, draft.id]],
    ["option_id", options],
    ["attachments", [file]],
    ["id", all],
    ["q", ["first", "reply", ...users, id]],
    // Never fetched: only the image proxy fetches, and it is not driven.
    ["image", ["https://images.example/a.png"]],
    ["profilePicture", ["https://images.example/a.png"]],
  ]);
}

async function upload(s: TestServer, token: string, path: string): Promise<string> {
  const file = { field: "file", name: "notes.txt", bytes: [...Buffer.from("hello")] };
  const res = await send(s.url, {
    method: "POST",
    url: `/chat${path}/uploads?api_key=${s.apiKey}`,
    headers: { authorization: `Bearer ${token}` },
    form: { fields: {}, file },
  });
  const body = JSON.parse(new TextDecoder().decode(res.body));
  if (res.status !== 201) throw new Error(`fixture: upload: ${res.status} ${JSON.stringify(body)}`);
  return body.file.id;
}
