import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { sessionsMigration } from "./migration-0016-sessions.js";
import { signupInvitesMigration } from "./migration-0017-signup-invites.js";
import { passwordResetsMigration } from "./migration-0018-password-resets.js";
import { twoFactorMigration } from "./migration-0019-two-factor.js";
import { identitiesMigration } from "./migration-0020-identities.js";
import { channelTopicMigration } from "./migration-0021-channel-topic.js";
import { readReceiptsMigration } from "./migration-0022-read-receipts.js";
import { userStatusMigration } from "./migration-0023-user-status.js";
import { favouritesMigration } from "./migration-0024-favourites.js";

/** A migration that adds one index. */
function indexOn(name: string, table: string, columns: string[]): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    },
  };
}

/**
 * Schema migrations written with Kysely's schema builder, so the same steps create the same
 * tables on SQLite and PostgreSQL. Dialect-only objects (full-text indexes) are added by the
 * adapters' own migrations. Never edit a released migration: add a new one.
 */
export const coreMigrations: Record<string, Migration> = {
  "0001_accounts": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("profile_picture", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
    },
  },
  "0002_chat": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("last_active", "text")
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema
        .createTable("channel_types")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("config", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("channels")
        .addColumn("cid", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull().references("channel_types.name"))
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_by_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("last_message_at", "text")
        .addColumn("member_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_direct", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("deleted_at", "text")
        .addColumn("truncated_at", "text")
        .addColumn("truncated_seq", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("last_seq", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("members")
        .addColumn("cid", "text", (c) => c.notNull().references("channels.cid").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("muted", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_read_at", "text")
        .addColumn("last_read_message_id", "text")
        .addColumn("last_read_seq", "bigint", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("members_pk", ["cid", "user_id"])
        .execute();
      await db.schema.createIndex("members_user").on("members").columns(["user_id", "cid"]).execute();
      await db.schema
        .createTable("messages")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cid", "text", (c) => c.notNull().references("channels.cid").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("edited_at", "text")
        .addColumn("deleted_at", "text")
        .addColumn("seq", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("messages_cid_seq")
        .on("messages")
        .columns(["cid", "seq"])
        .unique()
        .execute();
      await db.schema
        .createTable("events")
        .addColumn("cid", "text", (c) => c.notNull().references("channels.cid").onDelete("cascade"))
        .addColumn("seq", "bigint", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("events_pk", ["cid", "seq"])
        .execute();
      await db.schema.createIndex("events_created").on("events").column("created_at").execute();
      await db.schema
        .createTable("revoked_tokens")
        .addColumn("jti", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
  },
  "0004_conversation": {
    async up(db: Kysely<unknown>) {
      for (const [name, type, dflt] of [
        ["parent_id", "text", null],
        ["show_in_channel", "integer", 0],
        ["reply_count", "integer", 0],
        ["last_reply_at", "text", null],
        ["mentioned_users", "text", "[]"],
        ["attachments", "text", "[]"],
        ["pinned_at", "text", null],
        ["pinned_by_id", "text", null],
      ] as const) {
        await db.schema
          .alterTable("messages")
          .addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt)))
          .execute();
      }
      await db.schema.createIndex("messages_parent").on("messages").columns(["parent_id", "seq"]).execute();
      await db.schema.createIndex("messages_pinned").on("messages").columns(["cid", "pinned_at"]).execute();
      await db.schema
        .createTable("message_versions")
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("message_versions_pk", ["message_id", "version"])
        .execute();
      await db.schema
        .createTable("reactions")
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("reactions_pk", ["message_id", "user_id", "type"])
        .execute();
      await db.schema
        .createTable("mentions")
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("cid", "text", (c) => c.notNull())
        .addColumn("seq", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("mentions_pk", ["message_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("mentions_user")
        .on("mentions")
        .columns(["user_id", "cid", "seq"])
        .execute();
      await db.schema
        .createTable("thread_members")
        .addColumn("parent_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("cid", "text", (c) => c.notNull())
        .addColumn("last_read_seq", "bigint", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("thread_members_pk", ["parent_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("thread_members_user")
        .on("thread_members")
        .columns(["user_id", "cid"])
        .execute();
      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("cid", "text", (c) => c.notNull().references("channels.cid").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("message_id", "text")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("mime", "text", (c) => c.notNull())
        .addColumn("size", "bigint", (c) => c.notNull())
        .addColumn("width", "integer")
        .addColumn("height", "integer")
        .addColumn("storage_key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("deleted_at", "text")
        .execute();
      await db.schema.createIndex("uploads_message").on("uploads").column("message_id").execute();
    },
  },
  "0005_moderation": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("channel_types").addColumn("policies", "text").execute();
      await db.schema
        .createTable("flags")
        .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("cid", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("reviewed_by", "text")
        .addColumn("reviewed_at", "text")
        .addColumn("review_result", "text")
        .addPrimaryKeyConstraint("flags_pk", ["message_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("flags_review")
        .on("flags")
        .columns(["reviewed_at", "created_at"])
        .execute();
      await db.schema
        .createTable("bans")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("banned_by_id", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("shadow", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("bans_pk", ["user_id", "scope"])
        .execute();
      await db.schema
        .createTable("user_mutes")
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("target_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_mutes_pk", ["user_id", "target_id"])
        .execute();
    },
  },
  "0003_polls": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("polls")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("voting_visibility", "text", (c) => c.notNull().defaultTo("public"))
        .addColumn("enforce_unique_vote", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("max_votes_allowed", "integer")
        .addColumn("allow_answers", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("allow_user_suggested_options", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("is_closed", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_by_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("polls_creator")
        .on("polls")
        .columns(["created_by_id", "created_at"])
        .execute();
      await db.schema
        .createTable("poll_options")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("poll_id", "text", (c) => c.notNull().references("polls.id").onDelete("cascade"))
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("poll_options_poll")
        .on("poll_options")
        .columns(["poll_id", "position"])
        .execute();
      await db.schema
        .createTable("poll_votes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("poll_id", "text", (c) => c.notNull().references("polls.id").onDelete("cascade"))
        .addColumn("option_id", "text", (c) => c.references("poll_options.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
        .addColumn("is_answer", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("answer_text", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("poll_votes_poll")
        .on("poll_votes")
        .columns(["poll_id", "created_at"])
        .execute();
      await db.schema
        .createIndex("poll_votes_user")
        .on("poll_votes")
        .columns(["poll_id", "user_id"])
        .execute();
      await db.schema
        .createIndex("poll_votes_option")
        .on("poll_votes")
        .columns(["option_id", "updated_at"])
        .execute();
      await db.schema.alterTable("messages").addColumn("poll_id", "text").execute();
      await db.schema.createIndex("messages_poll").on("messages").column("poll_id").unique().execute();
    },
  },
  "0006_mutes_by_target": indexOn("user_mutes_target", "user_mutes", ["target_id", "user_id"]),
  // Each send shows the channel again to members who hid it: only those rows, not every member's.
  "0007_hidden_members": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex("members_hidden")
        .on("members")
        .column("cid")
        .where(sql<boolean>`hidden = 1`)
        .execute();
    },
  },
  // A channel's first members (join order) read without sorting them all: the list's previews.
  "0008_members_in_join_order": indexOn("members_join_order", "members", ["cid", "created_at", "user_id"]),
  // Unread counts (the list, a channel's read states, connection.ok's totals) read only this
  // index, not each message's row (docs/performance.md, P5).
  "0009_countable_messages": indexOn("messages_countable", "messages", [
    "cid",
    "seq",
    "type",
    "user_id",
    "parent_id",
    "show_in_channel",
  ]),
  // The user's channel list (hidden or not) finds its memberships in this index alone, not
  // each membership's row (docs/performance.md, P5).
  "0010_members_by_user_and_hidden": indexOn("members_user_hidden", "members", ["user_id", "hidden", "cid"]),
  // Replies, pins and polls are rare: indexing only the messages that have one spares every other
  // message's insert three index entries, and its commit the pages they land on (docs/performance.md, P4).
  "0011_partial_message_indexes": {
    async up(db: Kysely<unknown>) {
      const partial = [
        { name: "messages_parent", columns: ["parent_id", "seq"], present: "parent_id", unique: false },
        { name: "messages_pinned", columns: ["cid", "pinned_at"], present: "pinned_at", unique: false },
        { name: "messages_poll", columns: ["poll_id"], present: "poll_id", unique: true },
      ];
      for (const { name, columns, present, unique } of partial) {
        await db.schema.dropIndex(name).execute();
        const index = db.schema
          .createIndex(name)
          .on("messages")
          .columns(columns)
          .where(sql<boolean>`${sql.ref(present)} is not null`);
        await (unique ? index.unique() : index).execute();
      }
    },
  },
  // A message's (cid, seq) was kept in two indexes, and every send wrote a page of each
  // (a commit costs mostly the pages it writes). One now serves both the lookups and the uniqueness.
  "0012_one_message_seq_index": {
    async up(db: Kysely<unknown>) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`create unique index messages_seq on messages (cid, seq)
          include (type, user_id, parent_id, show_in_channel)`.execute(db);
        await db.schema.dropIndex("messages_countable").execute();
        await db.schema.dropIndex("messages_cid_seq").execute();
        return;
      }
      // SQLite has no INCLUDE: messages_countable, which begins with (cid, seq), stays, and the
      // uniqueness is checked in it by a trigger.
      await db.schema.dropIndex("messages_cid_seq").execute();
      for (const [event, other] of [
        ["insert", ""],
        ["update of cid, seq", " and rowid <> new.rowid"],
      ] as const) {
        await sql`create trigger ${sql.id(`messages_seq_unique_${event.split(" ")[0]}`)}
          before ${sql.raw(event)} on messages
          when exists (select 1 from messages where cid = new.cid and seq = new.seq${sql.raw(other)})
          begin select raise(abort, 'UNIQUE constraint failed: messages.cid, messages.seq'); end`.execute(db);
      }
    },
  },
  "0013_forget_deleted_versions": {
    async up(db: Kysely<unknown>) {
      // A deleted message keeps no earlier text: versions stored before deletes forgot them go.
      await sql`delete from message_versions
        where message_id in (select id from messages where type = 'deleted')`.execute(db);
    },
  },
  // What /readyz writes while the store's writes fail (kysely/health-probe.ts).
  "0014_store_health": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("store_health")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("checked_at", "text", (c) => c.notNull())
        .addColumn("pad", "text", (c) => c.notNull())
        .execute();
    },
  },
  // Notification levels, mute with an end, Web Push devices and their outbox, email digests.
  "0015_notifications": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("members")
        .addColumn("notify_level", "text", (c) => c.notNull().defaultTo("default"))
        .execute();
      await db.schema.alterTable("members").addColumn("muted_until", "text").execute();
      await db.schema
        .createTable("notification_settings")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
        .addColumn("default_level", "text", (c) => c.notNull().defaultTo("mentions"))
        .addColumn("dnd_until", "text")
        .addColumn("email", "text")
        .addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("email_token_hash", "text")
        .addColumn("email_token_expires_at", "text")
        .addColumn("email_digest", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("email_delay_minutes", "integer", (c) => c.notNull().defaultTo(15))
        .addColumn("emailed_through", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("notification_settings_email_token")
        .on("notification_settings")
        .column("email_token_hash")
        .execute();
      await db.schema
        .createTable("push_subscriptions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("endpoint", "text", (c) => c.notNull().unique())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("user_agent", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("push_subscriptions_user")
        .on("push_subscriptions")
        .column("user_id")
        .execute();
      // Every new message, until the notification worker has looked at it (written by the send).
      await db.schema
        .createTable("notify_queue")
        .addColumn("message_id", "text", (c) => c.primaryKey())
        .addColumn("cid", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("notify_queue_created").on("notify_queue").column("created_at").execute();
      // One row per push still to send: a (message, device) pair exists once.
      await db.schema
        .createTable("push_deliveries")
        .addColumn("message_id", "text", (c) => c.notNull())
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("push_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("push_deliveries_pk", ["message_id", "subscription_id"])
        .execute();
      await db.schema.createIndex("push_deliveries_next").on("push_deliveries").column("next_at").execute();
      await db.schema
        .createTable("worker_leases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("holder", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
    },
  },
  "0016_sessions": sessionsMigration,
  "0017_signup_invites": signupInvitesMigration,
  "0018_password_resets": passwordResetsMigration,
  "0019_two_factor": twoFactorMigration,
  "0020_identities": identitiesMigration,
  "0021_channel_topic": channelTopicMigration,
  "0022_read_receipts": readReceiptsMigration,
  "0023_user_status": userStatusMigration,
  "0024_favourites": favouritesMigration,
};
