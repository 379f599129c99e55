import type { ChannelEvent } from "@parley/protocol";
import type { EventRow, UnitOfWork } from "../../store/store.js";
import type { Envelope } from "../events.js";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventBody = DistributiveOmit<
  ChannelEvent,
  "cid" | "channel_type" | "channel_id" | "seq" | "created_at"
>;

/** A channel event with its seq, serialized once; published by the store after its transaction commits. */
export type ChannelEnvelope = Envelope & { kind: "channel" };

/**
 * Appends a channel event inside the caller's transaction: allocates the channel's next seq
 * (gapless, ordered by the channel row lock), stores the serialized event with it and emits it,
 * to be published once the transaction commits. Pass `seq` when the caller already allocated it
 * (a message carries the seq of the event that created it).
 */
export async function appendEvent(
  tx: UnitOfWork,
  channel: { cid: string; type: string; id: string },
  createdAt: string,
  body: EventBody,
  allocated?: number,
): Promise<ChannelEnvelope> {
  const seq = allocated ?? (await tx.channels.nextSeq(channel.cid));
  const { env, row } = channelEvent(channel, createdAt, body, seq);
  await tx.events.insert(row);
  tx.emit(env);
  return env;
}

/** A channel event at an allocated `seq`, and the row that stores it, for the caller to store and emit. */
export function channelEvent(
  channel: { cid: string; type: string; id: string },
  createdAt: string,
  body: EventBody,
  seq: number,
): { env: ChannelEnvelope; row: EventRow } {
  const event = {
    ...body,
    cid: channel.cid,
    channel_type: channel.type,
    channel_id: channel.id,
    seq,
    created_at: createdAt,
  } as ChannelEvent;
  const json = JSON.stringify(event);
  return {
    env: { kind: "channel", cid: channel.cid, seq, event, json },
    row: { cid: channel.cid, seq, type: event.type, payload: json, created_at: createdAt },
  };
}
