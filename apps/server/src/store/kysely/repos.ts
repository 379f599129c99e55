import type { Repos } from "../store.js";
import { accountRepo, revokedTokenRepo, sessionRepo, userRepo } from "./account-repos.js";
import { channelRepo, channelTypeRepo, memberRepo } from "./channel-repos.js";
import { conversationRepo, uploadRepo } from "./conversation-repos.js";
import type { Db } from "./executor.js";
import { eventRepo, messageRepo } from "./message-repos.js";
import { moderationRepo } from "./moderation-repos.js";
import { pollRepo } from "./poll-repos.js";

/** The one query layer both adapters share; dialect-specific parts live in the adapters. */
export function createRepos(db: Db): Repos {
  return {
    accounts: accountRepo(db),
    sessions: sessionRepo(db),
    revokedTokens: revokedTokenRepo(db),
    users: userRepo(db),
    channelTypes: channelTypeRepo(db),
    channels: channelRepo(db),
    members: memberRepo(db),
    messages: messageRepo(db),
    conversation: conversationRepo(db),
    uploads: uploadRepo(db),
    moderation: moderationRepo(db),
    events: eventRepo(db),
    polls: pollRepo(db),
  };
}
