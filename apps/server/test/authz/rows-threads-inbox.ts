import { A, D, listed, ownMessage, type Row, row } from "./row.js";

// Columns:                                          out non ex  mem mod adm ban
/**
 * The threads inbox: the owner replies to the role's own message (the owner's, for a role that
 * could post none), so the role takes part in that thread; it is listed only while the role is a
 * member who may read the channel (the ex-member wrote it before leaving, the admin never joined).
 */
export const threadsInboxRows: Row[] = [
  row("threads inbox: the thread of my message is listed", [D, D, D, A, A, D, A], async (c) => {
    const parent = ownMessage(c);
    const reply = await c.s.chat(c.cast.owner.token, "POST", `${c.fx.path}/messages`, {
      message: { text: `reply to ${c.role}`, parent_id: parent },
    });
    if (reply.status !== 201) return `owner reply: ${reply.status}`;
    return listed(c, "GET", "/threads?limit=50", (b) =>
      b.threads.some((t: any) => t.parent.id === parent && t.channel.cid === c.fx.cid),
    );
  }),
];
