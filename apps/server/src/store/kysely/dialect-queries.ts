import type { Expression } from "kysely";
import type { MessagesTable } from "../schema.js";
import type { Audience, ChannelStanding, EventRow, MemberWithUser } from "../store.js";
import type { Db } from "./executor.js";
import type { PerChannel } from "./per-channel.js";
import type { PreparedQueries } from "./prepared.js";

/**
 * The queries whose best form differs between the engines: SQLite runs in the process and has
 * neither writes inside a WITH nor LATERAL; on PostgreSQL every statement is a round trip. Each
 * adapter implements them (sqlite/dialect-queries-sqlite.ts, postgres/dialect-queries-postgres.ts)
 * and hands them to its store's PreparedQueries, through which the shared repos reach them.
 */
export interface DialectQueries {
  perChannel: PerChannel;
  /** `MessageRepo.insertNew`, with the message in its stored form. */
  insertNew(
    db: Db,
    prepared: PreparedQueries,
    row: MessagesTable,
    event: EventRow,
    shown: boolean,
  ): Promise<Audience | undefined>;
  /** `ChannelRepo.nextSeqWithStanding`. */
  nextSeqWithStanding(
    db: Db,
    prepared: PreparedQueries,
    cid: string,
    userId: string,
    now: string,
    activity: boolean,
  ): Promise<ChannelStanding | undefined>;
  /** `MemberRepo.listWithUsersIn`, for at least one channel and a limit above 0. */
  listWithUsersIn(
    db: Db,
    prepared: PreparedQueries,
    cids: readonly string[],
    limit: number,
  ): Promise<Map<string, MemberWithUser[]>>;
  /** `text` compared byte by byte, so that both engines order text alike. */
  inByteOrder<T>(text: Expression<T>): Expression<T>;
}
