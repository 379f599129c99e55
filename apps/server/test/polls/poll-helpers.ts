import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

export interface User {
  id: string;
  token: string;
}

/**
 * The real server with an app admin and `n` ordinary users. The first account signed up on
 * a fresh database becomes an admin, so a throwaway account goes first.
 */
export async function startPollServer(n: number): Promise<{ s: TestServer; admin: User; users: User[] }> {
  // With DATABASE_URL set (CI), the same suite runs against PostgreSQL.
  const url = process.env.DATABASE_URL;
  const s = await startTestServer(url ? { DATABASE_URL: url } : {});
  await s.signup();
  const out = await Promise.all(Array.from({ length: n }, () => s.signup()));
  const adminId = uniqueName("adm");
  await s.app.services.users.upsert({ id: adminId, name: "Admin", image: "", role: "admin" });
  return {
    s,
    admin: { id: adminId, token: await s.app.services.tokens.mintUserToken(adminId) },
    users: out.map((a) => ({ id: a.user.id, token: a.streamToken })),
  };
}

/** A messaging channel owned by `owner` with these other members. */
export async function channel(s: TestServer, owner: User, members: User[], type = "messaging") {
  const id = uniqueName("p");
  const r = await s.chat(owner.token, "POST", `/channels/${type}/${id}/query`, {
    data: { members: members.map((m) => m.id) },
  });
  if (r.status !== 201 && r.status !== 200) throw new Error(`channel: ${r.status} ${JSON.stringify(r.body)}`);
  return { id, cid: `${type}:${id}`, path: `/channels/${type}/${id}` };
}

export const pollBody = (over: Record<string, unknown> = {}) => ({
  name: "Where do we eat?",
  options: [{ text: "Pizza" }, { text: "Sushi" }, { text: "Tacos" }],
  ...over,
});

export async function createPoll(s: TestServer, u: User, over: Record<string, unknown> = {}) {
  const r = await s.chat(u.token, "POST", "/polls", pollBody(over));
  if (r.status !== 201) throw new Error(`create poll: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.poll;
}

/** Creates a poll as `u` and posts it in `ch`; answers the poll (as sent) and the message id. */
export async function postedPoll(
  s: TestServer,
  u: User,
  ch: { path: string },
  over: Record<string, unknown> = {},
) {
  const poll = await createPoll(s, u, over);
  const r = await s.chat(u.token, "POST", `${ch.path}/messages`, {
    message: { text: "vote!", poll_id: poll.id },
  });
  if (r.status !== 201) throw new Error(`post poll: ${r.status} ${JSON.stringify(r.body)}`);
  return { poll, messageId: r.body.message.id as string, message: r.body.message };
}

export const votePath = (messageId: string, pollId: string) => `/messages/${messageId}/polls/${pollId}/vote`;

export function vote(s: TestServer, u: User, messageId: string, pollId: string, optionId: string) {
  return s.chat(u.token, "POST", votePath(messageId, pollId), { vote: { option_id: optionId } });
}

export function answer(s: TestServer, u: User, messageId: string, pollId: string, text: string) {
  return s.chat(u.token, "POST", votePath(messageId, pollId), { vote: { answer_text: text } });
}
