import { randomUUID } from "node:crypto";
import type {
  AddPollOptionBody,
  PollOptionResponse,
  PollResponse,
  UpdatePollOptionBody,
} from "@parley/protocol";
import type { PollOptionRow, Repos } from "../../store/store.js";
import { can, ensure } from "../access.js";
import type { Actor } from "../auth/chat-tokens.js";
import { iso } from "../clock.js";
import { notFound } from "../errors.js";
import { loadPoll, type PollScope } from "./poll-context.js";
import type { PollDeps } from "./poll-deps.js";
import { appendPollEvent } from "./poll-events.js";
import { checkOptionCount, checkOptionText, ensureOpen, nextPosition } from "./poll-rules.js";
import { forEvent, pollView } from "./poll-view.js";

export interface OptionChange {
  poll_option: PollOptionResponse;
  poll: PollResponse;
}

/** A poll's options: managers edit them; members suggest new ones when the poll allows it. */
export class PollOptionsService {
  constructor(private readonly d: PollDeps) {}

  /** By a manager: an edit. By anyone else: a suggestion, which an open poll must allow. */
  async add(actor: Actor, pollId: string, body: AddPollOptionBody): Promise<OptionChange> {
    const { poll, option } = await this.change(actor, pollId, "ReadPoll", async (tx, scope, options, now) => {
      if (!can("UpdatePoll", scope.access)) {
        ensure("SuggestPollOption", scope.access);
        ensureOpen(scope.poll, "it takes no more suggested options");
      }
      checkOptionCount(options.length + 1);
      checkOptionText(options, body.text);
      const row: PollOptionRow = {
        id: randomUUID(),
        poll_id: pollId,
        text: body.text,
        position: body.position ?? nextPosition(options),
        created_at: now,
      };
      await tx.polls.options.insert(row);
      return row.id;
    });
    return { poll, poll_option: option! };
  }

  async update(actor: Actor, pollId: string, body: UpdatePollOptionBody): Promise<OptionChange> {
    const { poll, option } = await this.change(actor, pollId, "UpdatePoll", async (tx, _scope, options) => {
      const current = options.find((o) => o.id === body.id);
      if (!current) throw notFound("poll option");
      checkOptionText(options, body.text, body.id);
      await tx.polls.options.update(body.id, {
        text: body.text,
        position: body.position ?? current.position,
      });
      return body.id;
    });
    return { poll, poll_option: option! };
  }

  async get(actor: Actor, pollId: string, optionId: string): Promise<PollOptionResponse> {
    const { poll } = await loadPoll(this.d.store, this.d.types, actor, pollId, "ReadPoll");
    const view = await pollView(this.d.store, poll, actor.userId);
    const option = view.options.find((o) => o.id === optionId);
    if (!option) throw notFound("poll option");
    return option;
  }

  /** Removes the option and every vote for it; the last option cannot go. */
  async delete(actor: Actor, pollId: string, optionId: string): Promise<PollResponse> {
    const change = await this.change(actor, pollId, "UpdatePoll", async (tx, _scope, options) => {
      if (!options.some((o) => o.id === optionId)) throw notFound("poll option");
      checkOptionCount(options.length - 1);
      await tx.polls.options.delete(optionId);
      return null;
    });
    return change.poll;
  }

  /** Runs one option change in a transaction with the poll locked, then announces `poll.updated`. */
  private async change(
    actor: Actor,
    pollId: string,
    action: "ReadPoll" | "UpdatePoll",
    apply: (tx: Repos, scope: PollScope, options: PollOptionRow[], now: string) => Promise<string | null>,
  ): Promise<{ poll: PollResponse; option: PollOptionResponse | undefined }> {
    const now = iso(this.d.clock());
    return this.d.store.transaction(async (tx) => {
      const scope = await loadPoll(tx, this.d.types, actor, pollId, action, true);
      const optionId = await apply(tx, scope, await tx.polls.options.list([pollId]), now);
      const row = await tx.polls.update(pollId, { updated_at: now });
      const poll = await pollView(tx, row, actor.userId);
      await appendPollEvent(tx, scope, now, { type: "poll.updated", poll: forEvent(poll) });
      return { poll, option: poll.options.find((o) => o.id === optionId) };
    });
  }
}
