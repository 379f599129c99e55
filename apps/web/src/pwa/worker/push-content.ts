import type { PushPayload } from "@parley/protocol";

/** What a push shows when its payload cannot be read. */
export const GENERIC_PUSH = {
  title: "New activity in Parley",
  body: "Open Parley to catch up.",
  tag: "parley-activity",
  url: "/chats",
} as const;

/** What the worker keeps in a notification's `data`. */
export interface NotificationData {
  url: string;
  kind: PushPayload["kind"] | "generic";
  /** How many pushes of this tag the notification stands for. */
  count: number;
}

export interface NotificationContent {
  title: string;
  body: string;
  tag: string;
  renotify: boolean;
  data: NotificationData;
}

const TEXT_FIELDS = ["title", "body", "tag", "url"] as const;
const KINDS: ReadonlySet<unknown> = new Set<NotificationData["kind"]>(["message", "test", "generic"]);

/** The payload of a push (JSON, packages/protocol PushPayload), or null when it is not one. */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const p = value as Record<string, unknown>;
  if (p.kind !== "message" && p.kind !== "test") return null;
  if (TEXT_FIELDS.some((field) => typeof p[field] !== "string")) return null;
  if (p.tag === "") return null;
  return value as PushPayload;
}

/**
 * The notification for `payload`, given the one already shown under its tag: message
 * notifications of one tag collapse into one that counts them ("3 new messages · <latest>").
 */
export function notificationContent(
  payload: PushPayload | null,
  shown: NotificationData | undefined,
): NotificationContent {
  if (!payload) {
    return {
      title: GENERIC_PUSH.title,
      body: GENERIC_PUSH.body,
      tag: GENERIC_PUSH.tag,
      renotify: false,
      data: { url: GENERIC_PUSH.url, kind: "generic", count: 1 },
    };
  }
  const message = payload.kind === "message";
  const count = message && shown?.kind === "message" ? shown.count + 1 : 1;
  return {
    title: payload.title,
    body: count > 1 ? `${count} new messages · ${payload.body}` : payload.body,
    tag: payload.tag,
    renotify: message,
    data: { url: payload.url, kind: payload.kind, count },
  };
}

/** A notification's data as this worker wrote it, or undefined. */
export function readNotificationData(data: unknown): NotificationData | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const d = data as Partial<NotificationData>;
  if (typeof d.url !== "string" || !d.kind || !KINDS.has(d.kind)) return undefined;
  return { url: d.url, kind: d.kind, count: typeof d.count === "number" && d.count > 0 ? d.count : 1 };
}
