export * from "./poll-api.js";
export { type PollHost, PollManager } from "./poll-manager.js";
export {
  applyPollAnswer,
  applyPollEvent,
  emptyPollSnapshot,
  hideVotersIfAnonymous,
  isPollEvent,
  ownVotesAfter,
  POLL_EVENT_TYPES,
  type PollEvent,
  type PollEventType,
  type PollSnapshot,
  withOwnVotes,
} from "./poll-reducer.js";
export { type PollContext, PollState } from "./poll-state.js";
export {
  canManagePoll,
  leadingCount,
  maxVotesOf,
  optionCount,
  optionPercent,
  optionVoters,
  ownAnswer,
  ownOptionVoteCount,
  ownVoteFor,
  type VoteAction,
  voteActionFor,
  votingRuleLabel,
} from "./poll-view.js";
