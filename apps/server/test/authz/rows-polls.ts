import { ROLES, verdict } from "./roles.js";
import { A, D, listed, ownVote, type Row, rest, row } from "./row.js";

const vote = (c: Parameters<Row["run"]>[0]) => `/messages/${c.fx.pollMessage}/polls/${c.fx.pollId}/vote`;

// Columns:                                          out non ex  mem mod adm ban
/** Polls: creating, reading, voting, answering, suggesting, managing. The poll is the owner's. */
export const pollRows: Row[] = [
  row("create a poll", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", "/polls", { name: "Mine", options: [{ text: "x" }] }),
  ),
  row("post one's own poll in the channel", [D, D, D, A, A, A, D], async (c) => {
    const made = await c.s.chat(c.me.token, "POST", "/polls", { name: "Posted", options: [{ text: "x" }] });
    if (made.status !== 201) return verdict(made);
    return rest(c, "POST", `${c.fx.path}/messages`, {
      message: { text: "poll", poll_id: made.body.poll.id },
    });
  }),
  row("get the posted poll", [D, D, D, A, A, A, A], (c) => rest(c, "GET", `/polls/${c.fx.pollId}`)),
  row("query polls of the channel: the poll is listed", [D, D, D, A, A, D, A], (c) =>
    listed(c, "POST", "/polls/query", (b) => b.polls.some((p: any) => p.id === c.fx.pollId), {
      filter: { cid: c.fx.cid },
    }),
  ),
  row("vote", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", vote(c), { vote: { option_id: c.fx.optionIds[1] } }),
  ),
  row("answer", [D, D, D, A, A, A, D], (c) => rest(c, "POST", vote(c), { vote: { answer_text: "mine" } })),
  row("remove one's own vote", [D, D, D, A, A, A, A], (c) => rest(c, "DELETE", `${vote(c)}/${ownVote(c)}`)),
  row("remove another's vote", [D, D, D, D, D, A, D], (c) =>
    rest(c, "DELETE", `${vote(c)}/${c.fx.ownerVote}`),
  ),
  row("suggest an option", [D, D, D, A, A, A, D], (c) =>
    rest(c, "POST", `/polls/${c.fx.pollId}/options`, { text: `Idea ${c.role}` }),
  ),
  row("change the poll", [D, D, D, D, A, A, D], (c) =>
    rest(c, "PATCH", `/polls/${c.fx.pollId}`, { set: { description: `by ${c.role}` } }),
  ),
  row("replace the poll", [D, D, D, D, A, A, D], (c) =>
    rest(c, "PUT", "/polls", {
      id: c.fx.pollId,
      name: "Replaced",
      allow_answers: true,
      allow_user_suggested_options: true,
    }),
  ),
  row("delete the poll", [D, D, D, D, A, A, D], (c) => rest(c, "DELETE", `/polls/${c.fx.pollId}`), true),
  row("query the poll's votes", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", `/polls/${c.fx.pollId}/votes`, {}),
  ),
  row("get an option", [D, D, D, A, A, A, A], (c) =>
    rest(c, "GET", `/polls/${c.fx.pollId}/options/${c.fx.optionIds[0]}`),
  ),
  row("change an option", [D, D, D, D, A, A, D], (c) =>
    rest(c, "PUT", `/polls/${c.fx.pollId}/options`, { id: c.fx.optionIds[2], text: `C by ${c.role}` }),
  ),
  // Each column deletes its own pick of the two options not voted for, so one always remains.
  row("delete an option", [D, D, D, D, A, A, D], (c) =>
    rest(c, "DELETE", `/polls/${c.fx.pollId}/options/${c.fx.optionIds[1 + (ROLES.indexOf(c.role) % 2)]}`),
  ),
];
