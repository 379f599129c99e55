import type { ClientFrame, MessagePagination, MessageResponse, UserResponse } from "@parley/protocol";
import type { RestClient } from "./rest.js";
import type { Logger } from "./types.js";
import type { UploadTransport } from "./upload.js";

/**
 * What the parts of a channel use of their client (implemented by ChatClient). `ChannelHost` in
 * channel.ts adds what concerns the channel object itself (watching it, routing it events).
 */
export interface ClientServices {
  readonly rest: RestClient;
  readonly userID: string | undefined;
  readonly user: UserResponse | undefined;
  readonly pageSize: number;
  readonly typingTimeout: number;
  readonly logger: Logger;
  send(frame: ClientFrame): boolean;
  /** Sends a message over the socket when it is open, else (or when it drops first) over REST. */
  sendMessage(
    type: string,
    id: string,
    message: SendMessageInput & { id: string },
  ): Promise<{ message: MessageResponse }>;
  /** How files are uploaded (XMLHttpRequest with progress, or fetch). */
  readonly uploadTransport: UploadTransport;
}

/** Data for creating a channel: the members (with no id: the member set names the channel), name, image. */
export interface ChannelData {
  members?: string[];
  name?: string;
  image?: string;
}

/** What a message send carries (the id is generated when not given). */
export interface SendMessageInput {
  text: string;
  id?: string;
  parent_id?: string;
  show_in_channel?: boolean;
  mentioned_users?: string[];
  /** Ids of files uploaded to the channel beforehand. */
  attachments?: string[];
  /** Posts this poll (created beforehand with `POST /polls`) in the channel. */
  poll_id?: string;
}

export interface WatchOptions {
  /** Latest messages to load (default: the page size, 100). */
  messageLimit?: number;
  /** false: only open an existing channel (404 when there is none), never create it. */
  create?: boolean;
}

export interface ChannelQueryOptions {
  messages?: MessagePagination;
}
