import { A, D, ownMessage, type Row, rest, row } from "./row.js";

async function upload(c: Parameters<Row["run"]>[0]) {
  const form = new FormData();
  form.append("file", new Blob(["hi"], { type: "text/plain" }), "a.txt");
  const res = await fetch(`${c.s.url}/chat${c.fx.path}/uploads?api_key=${c.s.apiKey}`, {
    method: "POST",
    headers: { authorization: `Bearer ${c.me.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function download(c: Parameters<Row["run"]>[0]) {
  const res = await fetch(`${c.s.url}${c.fx.fileUrl}?api_key=${c.s.apiKey}`, {
    headers: { authorization: `Bearer ${c.me.token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

const status = (n: number) => (n >= 200 && n < 300 ? A : n === 401 || n === 403 || n === 404 ? D : `${n}`);

// Columns:                                          out non ex  mem mod adm ban
/** Messages, threads, history, pins, reactions and uploads. */
export const messageRows: Row[] = [
  row("send a message", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", `${c.fx.path}/messages`, { message: { text: "hello" } }),
  ),
  row("reply in a thread", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", `${c.fx.path}/messages`, { message: { text: "re", parent_id: c.fx.ownerMessage } }),
  ),
  row("get a message", [D, D, D, A, A, A, A], (c) => rest(c, "GET", `/messages/${c.fx.ownerMessage}`)),
  row("page the history", [D, D, D, A, A, A, A], (c) => rest(c, "GET", `${c.fx.path}/messages?limit=5`)),
  row("read a thread's replies", [D, D, D, A, A, A, A], (c) =>
    rest(c, "GET", `/messages/${c.fx.ownerMessage}/replies`),
  ),
  row("mark a thread read", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", `/messages/${c.fx.ownerMessage}/thread/read`, {}),
  ),
  row("edit one's own message", [D, D, D, A, A, A, D], (c) =>
    rest(c, "PUT", `/messages/${ownMessage(c)}`, { message: { text: "edited" } }),
  ),
  row("edit another's message", [D, D, D, D, D, A, D], (c) =>
    rest(c, "PUT", `/messages/${c.fx.ownerMessage}`, { message: { text: "edited" } }),
  ),
  row("delete one's own message", [D, D, D, A, A, A, A], (c) =>
    rest(c, "DELETE", `/messages/${ownMessage(c)}`),
  ),
  // Deleting a message already deleted is a no-op, still allowed.
  row("delete another's message", [D, D, D, D, A, A, D], (c) =>
    rest(c, "DELETE", `/messages/${c.fx.ownerMessage}`),
  ),
  row("edit history", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", "/messages/history", { filter: { message_id: c.fx.ownerMessage } }),
  ),
  row("pin a message", [D, D, D, D, A, A, D], (c) => rest(c, "POST", `/messages/${c.fx.ownerMessage}/pin`)),
  row("unpin a message", [D, D, D, D, A, A, D], (c) =>
    rest(c, "POST", `/messages/${c.fx.ownerMessage}/unpin`),
  ),
  row("list pinned messages", [D, D, D, A, A, A, A], (c) => rest(c, "GET", `${c.fx.path}/pinned`)),
  row("react", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", `/messages/${c.fx.ownerMessage}/reaction`, { reaction: { type: "🎉" } }),
  ),
  row("remove one's own reaction", [D, D, D, A, A, A, A], (c) =>
    rest(c, "DELETE", `/messages/${c.fx.ownerMessage}/reaction/${encodeURIComponent("🔥")}`),
  ),
  row("list reactions", [D, D, D, A, A, A, A], (c) =>
    rest(c, "GET", `/messages/${c.fx.ownerMessage}/reactions`),
  ),
  row("upload a file", [D, D, D, A, A, A, D], async (c) => status((await upload(c)).status)),
  row("download an attached file", [D, D, D, A, A, A, A], async (c) => status(await download(c))),
];
