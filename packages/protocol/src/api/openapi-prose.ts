import { ERROR_STATUS, type ErrorCode } from "../errors.js";

/** The prose of the OpenAPI document: what its schemas cannot say. */

const DESCRIPTION = `The REST API of a Parley server: the product API (\`/api\`: accounts) and the chat service (\`/chat\`). Generated from the route table in \`@parley/protocol\`; the rules, semantics, events and WebSocket frames are described in docs/api.md.

## Authentication
Every \`/chat\` call carries the public application key as the \`api_key\` query parameter and a bearer token: a user's chat token (the \`streamToken\` of sign-up and sign-in), or a server-side token (a JWT signed with the server's secret carrying \`{ "server": true }\` and no \`sub\`), which acts for the user named by the \`user_id\` query parameter (or, on calls with a JSON body, a top-level \`user_id\` body field). \`user_id\` with a user token is refused (403 \`forbidden\`). \`PATCH /api/profile\` takes the product session token (sign-up's and sign-in's \`token\`) instead.

## Errors
Every error answer is \`{ "error": { "code", "message", "fields"? } }\` with its HTTP status; \`code\` is stable, \`message\` is English for people, and a \`validation\` error names each bad field in \`fields\` (by its path: \`message.text\`, \`options.0.text\`). Each operation lists the codes it may answer, by status (the table below says what each means). Besides those, any request may be answered 408 \`timeout\` (it did not arrive in time) or 431 \`headers_too_large\` (request line and headers over 16 KiB) before it reaches a route, with the connection closed.

## Input
Bodies are JSON (\`Content-Type: application/json\`), at most 16 KiB on \`/api\` and 1 MiB on \`/chat\`. **Unknown fields are rejected**: a body field, or a query parameter besides \`api_key\` and \`user_id\`, that the operation does not define is a 400 \`validation\` error naming it (\`"unknown field"\`). Text holding a NUL character (U+0000) is refused the same way. A call that takes no body accepts none, or \`{}\`.

## WebSocket: \`/chat/connect\`
Events and the low-latency send path go over one WebSocket, \`ws(s)://host/chat/connect\` (not an operation of this document). The server checks \`Origin\` before the upgrade (403 otherwise). The first frame authenticates, tokens never going in the URL: \`{ "type": "auth", "api_key": "…", "token": "<streamToken>" }\` (a server-side token adds \`"user_id"\`); the server answers \`connection.ok { connection_id, me }\`. Then \`watch { channels: [{ cid, since? }] }\` subscribes to channels and replays the events after \`since\` (the last \`seq\` the client applied), \`send\` sends a message exactly as \`POST /chat/channels/{type}/{id}/messages\` does, \`typing.start\` / \`typing.stop\` announce typing, and \`health.check\` keeps the connection alive (every 25 s each way). Frames are JSON text of at most 64 KiB; their schemas are \`clientFrameSchema\` and \`ServerFrame\` in \`@parley/protocol\`, and docs/api.md ("WebSocket") describes every frame, event and close code.`;

const ERROR_MEANINGS: Record<ErrorCode, string> = {
  validation: "a body field, query or path parameter breaks its rule, or is unknown; `fields` names each",
  bad_request: "malformed JSON, or a request this operation cannot carry out as asked",
  unauthorized: "no token",
  invalid_api_key: "`api_key` missing or not this server's",
  token_expired: "the token's `exp` has passed",
  token_invalid: "a forged, malformed or revoked token",
  invalid_credentials: "a wrong username or password (one answer for both)",
  forbidden: "signed in but not allowed",
  banned: "the caller is banned (app-wide, or where the action applies)",
  account_deactivated: "an admin deactivated this account: it cannot sign in or connect",
  not_found: "no such channel, message, user, poll…",
  conflict: "the change conflicts with what exists",
  username_taken: "sign-up with a taken username",
  payload_too_large: "the body or upload is over its limit",
  headers_too_large: "the request line and headers exceed 16 KiB",
  timeout: "the request did not arrive in time",
  unsupported_media_type: "a body or upload of a type this operation does not accept",
  rate_limited: "too many requests; `Retry-After` says when to retry",
  unavailable: "the store cannot be reached or cannot write, or the server is shutting down; retry",
  internal: "a bug, logged with the request id",
  unknown_frame: "a WebSocket frame of an unknown type",
  malformed_frame: "a WebSocket frame that is not JSON",
  not_authenticated: "a WebSocket frame before `auth`",
  wrong_password: "a password change with a wrong current password",
  reset_link_invalid: "no password reset link has this token",
  reset_link_expired: "the password reset link is older than an hour",
  reset_link_used: "the password reset link was used, or replaced by a newer one",
  sso_only:
    "this server signs in with single sign-on only: the password path is off but for the break-glass admin",
  sso_code_invalid: "the one-time single-sign-on code is unknown, used or older than 60 s",
  sso_link_invalid: "the pending SSO link is unknown, used, expired, or for another account",
  signup_closed: "sign-up is closed on this server: an admin creates accounts",
  invite_required: "sign-up needs an invite on this server (`invite` in the body)",
  invite_invalid: "no invite has this token",
  invite_expired: "the invite's expiry has passed",
  invite_used_up: "the invite has been used as many times as it allows",
  invite_revoked: "the invite was revoked",
};

const REST_CODES = (Object.keys(ERROR_MEANINGS) as ErrorCode[]).filter(
  (c) => !["unknown_frame", "malformed_frame", "not_authenticated"].includes(c),
);

export const API_DESCRIPTION = `${DESCRIPTION}

## Error codes
| status | code | when |
|---|---|---|
${REST_CODES.map((c) => `| ${ERROR_STATUS[c]} | \`${c}\` | ${ERROR_MEANINGS[c]} |`).join("\n")}`;
