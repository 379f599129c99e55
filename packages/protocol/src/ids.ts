import { v7 } from "uuid";
import { z } from "zod";

export const CHANNEL_TYPE_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const CHANNEL_ID_PATTERN = /^[a-zA-Z0-9_!-]+$/;
export const MAX_CHANNEL_ID_LENGTH = 64;

export const channelTypeSchema = z
  .string()
  .min(1, "channel type must not be empty")
  .max(MAX_CHANNEL_ID_LENGTH, `channel type must be at most ${MAX_CHANNEL_ID_LENGTH} characters`)
  .regex(CHANNEL_TYPE_PATTERN, "channel type may only contain letters, digits, underscore and hyphen");

export const channelIdSchema = z
  .string()
  .min(1, "channel id must not be empty")
  .max(MAX_CHANNEL_ID_LENGTH, `channel id must be at most ${MAX_CHANNEL_ID_LENGTH} characters`)
  .regex(
    CHANNEL_ID_PATTERN,
    "channel id may only contain letters, digits, underscore, hyphen and exclamation mark",
  );

export const userIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9_-]+$/, "user id may only contain a-z, 0-9, underscore and hyphen");

export function toCid(type: string, id: string): string {
  return `${type}:${id}`;
}

export function parseCid(cid: string): { type: string; id: string } | null {
  const at = cid.indexOf(":");
  if (at <= 0) return null;
  const type = cid.slice(0, at);
  const id = cid.slice(at + 1);
  if (!channelTypeSchema.safeParse(type).success || !channelIdSchema.safeParse(id).success) return null;
  return { type, id };
}

/** A cid, `type:id`, each part by its own rule. */
export const cidSchema = z
  .string()
  .max(2 * MAX_CHANNEL_ID_LENGTH + 1)
  .refine((cid) => parseCid(cid) !== null, {
    message:
      "cid must be type:id — type of letters, digits, underscore and hyphen; id also with exclamation mark; each at most 64 characters",
  });

/**
 * A new message's id, chosen by its sender (a retried send is deduplicated by it) or by the
 * server: a UUIDv7, whose leading milliseconds keep new ids together at the end of the messages'
 * id index, where a random UUID put each insert on a page of its own.
 */
export function newMessageId(): string {
  return v7();
}
