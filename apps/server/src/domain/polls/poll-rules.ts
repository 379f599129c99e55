import {
  ErrorCode,
  optionTextKey,
  type PatchPollBody,
  POLL_OPTIONS_MAX,
  type ReplacePollBody,
  type UnsettablePollField,
} from "@parley/protocol";
import type { PollOptionRow, PollRow } from "../../store/store.js";
import { DomainError, invalid } from "../errors.js";

/** The settable fields of a poll, as stored. */
export type PollSettings = Omit<PollRow, "id" | "created_by_id" | "created_at" | "updated_at">;

const defaults: Omit<PollSettings, "name"> = {
  description: "",
  voting_visibility: "public",
  enforce_unique_vote: false,
  max_votes_allowed: null,
  allow_answers: false,
  allow_user_suggested_options: false,
  is_closed: false,
};

/** Every field of a create or full-update body; omitted ones take their defaults. */
export function settingsFrom(b: Omit<ReplacePollBody, "id" | "options">): PollSettings {
  return {
    name: b.name,
    description: b.description ?? defaults.description,
    voting_visibility: b.voting_visibility ?? defaults.voting_visibility,
    enforce_unique_vote: b.enforce_unique_vote ?? defaults.enforce_unique_vote,
    max_votes_allowed: b.max_votes_allowed ?? null,
    allow_answers: b.allow_answers ?? defaults.allow_answers,
    allow_user_suggested_options: b.allow_user_suggested_options ?? defaults.allow_user_suggested_options,
    is_closed: b.is_closed ?? defaults.is_closed,
  };
}

/** `set` and `unset` applied to the current settings. */
export function patchedSettings(current: PollRow, b: PatchPollBody): PollSettings {
  const next: PollSettings = {
    name: current.name,
    description: current.description,
    voting_visibility: current.voting_visibility,
    enforce_unique_vote: current.enforce_unique_vote,
    max_votes_allowed: current.max_votes_allowed,
    allow_answers: current.allow_answers,
    allow_user_suggested_options: current.allow_user_suggested_options,
    is_closed: current.is_closed,
  };
  for (const f of b.unset ?? []) Object.assign(next, { [f]: defaults[f as UnsettablePollField] });
  const s = b.set ?? {};
  if (s.name !== undefined) next.name = s.name;
  if (s.description !== undefined) next.description = s.description;
  if (s.voting_visibility !== undefined) next.voting_visibility = s.voting_visibility;
  if (s.max_votes_allowed !== undefined) next.max_votes_allowed = s.max_votes_allowed;
  for (const k of [
    "enforce_unique_vote",
    "allow_answers",
    "allow_user_suggested_options",
    "is_closed",
  ] as const) {
    const v = s[k];
    if (v !== undefined) next[k] = v;
  }
  return next;
}

/**
 * Rules on a poll's settings as a whole: a vote cap excludes a unique vote; and an anonymous
 * poll with votes never turns public (that would reveal who voted).
 */
export function checkSettings(next: PollSettings, current: PollRow | undefined, hasVotes: boolean): void {
  if (next.enforce_unique_vote && next.max_votes_allowed != null) {
    throw invalid("max_votes_allowed", "max_votes_allowed cannot be combined with enforce_unique_vote");
  }
  if (current?.voting_visibility === "anonymous" && next.voting_visibility !== "anonymous" && hasVotes) {
    throw new DomainError(
      ErrorCode.badRequest,
      "an anonymous poll with votes cannot become public: that would reveal who voted",
    );
  }
}

/** Option texts are unique within a poll (trimmed, case-insensitive). */
export function checkOptionText(options: readonly PollOptionRow[], text: string, exceptId?: string): void {
  const key = optionTextKey(text);
  if (options.some((o) => o.id !== exceptId && optionTextKey(o.text) === key)) {
    throw invalid("text", `the poll already has an option "${text.trim()}"`);
  }
}

export function checkOptionCount(count: number): void {
  if (count > POLL_OPTIONS_MAX) throw invalid("options", `a poll has at most ${POLL_OPTIONS_MAX} options`);
  if (count < 1) {
    throw new DomainError(ErrorCode.badRequest, "a poll needs at least one option; add another first");
  }
}

export function nextPosition(options: readonly PollOptionRow[]): number {
  return options.reduce((max, o) => Math.max(max, o.position + 1), 0);
}

export function ensureOpen(poll: PollRow, what: string): void {
  if (poll.is_closed) throw new DomainError(ErrorCode.badRequest, `the poll is closed: ${what}`);
}
