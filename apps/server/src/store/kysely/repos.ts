import type { Repos } from "../store.js";
import { accountRepo, revokedTokenRepo, sessionRepo, userRepo } from "./account-repos.js";
import { channelRepo, channelTypeRepo, memberRepo } from "./channel-repos.js";
import { conversationRepo, uploadRepo } from "./conversation-repos.js";
import { digestRepo } from "./digest-repos.js";
import type { Db } from "./executor.js";
import { identityRepo } from "./identity-repos.js";
import { inviteRepo, settingsRepo } from "./invite-repos.js";
import { eventRepo, messageRepo } from "./message-repos.js";
import { moderationRepo } from "./moderation-repos.js";
import { notificationRepo } from "./notification-repos.js";
import { passwordRepo } from "./password-repos.js";
import { pollRepo } from "./poll-repos.js";
import type { PreparedQueries } from "./prepared.js";
import { receiptRepo } from "./receipt-repos.js";
import { threadRepo } from "./threads-repo.js";
import { twoFactorRepo } from "./two-factor-repos.js";

/**
 * The one query layer both adapters share; dialect-specific parts live in the adapters, which
 * hand them over on `prepared.dialect` (dialect-queries.ts). `prepared` is the store's own (its
 * SQL is the store's dialect's), shared by its transactions.
 */
export function createRepos(db: Db, prepared: PreparedQueries): Repos {
  return {
    accounts: accountRepo(db),
    sessions: sessionRepo(db),
    revokedTokens: revokedTokenRepo(db, prepared),
    users: userRepo(db, prepared),
    channelTypes: channelTypeRepo(db),
    channels: channelRepo(db, prepared),
    members: memberRepo(db, prepared),
    messages: messageRepo(db, prepared),
    conversation: conversationRepo(db, prepared),
    uploads: uploadRepo(db),
    moderation: moderationRepo(db, prepared),
    events: eventRepo(db, prepared),
    polls: pollRepo(db),
    notifications: notificationRepo(db),
    passwords: passwordRepo(db),
    digests: digestRepo(db),
    identities: identityRepo(db),
    settings: settingsRepo(db),
    invites: inviteRepo(db),
    twoFactor: twoFactorRepo(db),
    threads: threadRepo(db),
    receipts: receiptRepo(db),
  };
}
