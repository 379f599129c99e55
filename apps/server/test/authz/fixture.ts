import type { TestServer } from "../helpers/test-server.js";
import { uniqueName } from "../helpers/test-server.js";
import type { Cast, Role } from "./roles.js";

/** A messaging channel in which every column of the matrix has its relation set up. */
export interface Fixture {
  id: string;
  cid: string;
  path: string;
  /** A word only this fixture's messages contain (message search). */
  word: string;
  ownerMessage: string;
  /** Each role's own message, reaction and vote where the role could make one. */
  ownMessage: Partial<Record<Role, string>>;
  ownVote: Partial<Record<Role, string>>;
  ownerVote: string;
  pollId: string;
  pollMessage: string;
  optionIds: string[];
  fileUrl: string;
}

type Chat = TestServer["chat"];

async function must(p: ReturnType<Chat>, what: string): Promise<any> {
  const r = await p;
  if (r.status >= 300) throw new Error(`fixture: ${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Owner creates the channel with member, channel moderator, banned, ex-member and guest, and
 * makes the channel moderator one (`assign_roles`); everyone with a say
 * posts, reacts and votes; the owner posts a poll and a file; then the banned member is banned in
 * the channel and the ex-member leaves. Admin and non-member are not members.
 */
export async function makeFixture(s: TestServer, cast: Cast): Promise<Fixture> {
  const { owner, guest, actors } = cast;
  const chat = s.chat.bind(s);
  const id = uniqueName("az");
  const cid = `messaging:${id}`;
  const path = `/channels/messaging/${id}`;
  const word = uniqueName("zq");
  const members = [actors.member, actors.channelModerator, actors.banned, actors.exMember, guest].map(
    (p) => p.id,
  );
  await must(
    chat(owner.token, "POST", `${path}/query`, { data: { name: `Authz ${id}`, members } }),
    "create",
  );
  const assign_roles = [{ user_id: actors.channelModerator.id, channel_role: "channel_moderator" }];
  await must(chat(owner.token, "POST", `${path}/members`, { assign_roles }), "assign roles");

  const send = (token: string, text: string, extra: Record<string, unknown> = {}) =>
    must(chat(token, "POST", `${path}/messages`, { message: { text, ...extra } }), `send ${text}`).then(
      (b) => b.message.id as string,
    );
  const ownerMessage = await send(owner.token, `${word} from the owner`);
  const writers: Role[] = ["member", "channelModerator", "banned", "exMember", "admin"];
  const ownMessage: Fixture["ownMessage"] = {};
  for (const role of writers) ownMessage[role] = await send(actors[role].token, `${word} from ${role}`);
  await send(actors.member.token, `${word} reply`, { parent_id: ownerMessage });

  const react = (token: string, type: string) =>
    must(chat(token, "POST", `/messages/${ownerMessage}/reaction`, { reaction: { type } }), "react");
  await react(owner.token, "👍");
  for (const role of writers) await react(actors[role].token, "🔥");

  const poll = (
    await must(
      chat(owner.token, "POST", "/polls", {
        name: `Poll ${id}`,
        allow_answers: true,
        allow_user_suggested_options: true,
        options: [{ text: "A" }, { text: "B" }, { text: "C" }],
      }),
      "poll",
    )
  ).poll;
  const pollMessage = await send(owner.token, "vote", { poll_id: poll.id });
  const optionIds = poll.options.map((o: { id: string }) => o.id);
  const vote = (token: string) =>
    must(
      chat(token, "POST", `/messages/${pollMessage}/polls/${poll.id}/vote`, {
        vote: { option_id: optionIds[0] },
      }),
      "vote",
    ).then((b) => b.vote.id as string);
  const ownerVote = await vote(owner.token);
  const ownVote: Fixture["ownVote"] = {};
  for (const role of writers) ownVote[role] = await vote(actors[role].token);

  const fileUrl = await upload(s, owner.token, path, "notes.txt");
  await must(
    chat(s.admin.streamToken, "POST", "/moderation/ban", { target_user_id: actors.banned.id, cid }),
    "channel ban",
  );
  await must(chat(actors.exMember.token, "POST", `${path}/leave`), "leave");
  return {
    id,
    cid,
    path,
    word,
    ownerMessage,
    ownMessage,
    ownVote,
    ownerVote,
    pollId: poll.id,
    pollMessage,
    optionIds,
    fileUrl,
  };
}

/** Uploads a small text file and attaches it to a message; answers the file's URL. */
async function upload(s: TestServer, token: string, path: string, name: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob(["hello"], { type: "text/plain" }), name);
  const res = await fetch(`${s.url}/chat${path}/uploads?api_key=${s.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`fixture: upload: ${res.status} ${JSON.stringify(body)}`);
  await must(
    s.chat(token, "POST", `${path}/messages`, { message: { text: "", attachments: [body.file.id] } }),
    "attach",
  );
  return body.file.url;
}
