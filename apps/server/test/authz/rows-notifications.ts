import { verdict } from "./roles.js";
import { A, type Cell, D, type Row, rest, row } from "./row.js";

/** The call as `c.me`, where `bad_request` counts as let in (refused for what the server lacks, not who called). */
async function letIn(c: Cell, method: string, path: string, body: unknown) {
  const r = await c.s.chat(c.me.token, method, path, body);
  return r.status === 400 && r.body?.error?.code === "bad_request" ? A : verdict(r);
}

const device = (c: Cell) => ({
  endpoint: `https://push.invalid/${c.role}/${Math.random().toString(36).slice(2)}`,
  keys: {
    // A valid uncompressed P-256 point (the generator), and a 16-byte secret.
    p256dh: Buffer.concat([
      Buffer.from([4]),
      Buffer.from("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", "hex"),
      Buffer.from("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5", "hex"),
    ]).toString("base64url"),
    auth: Buffer.alloc(16, 7).toString("base64url"),
  },
});

// Columns:                                          out non ex  mem mod adm ban
/** Notification settings, a channel's level and timed mute, push devices, email. */
export const notificationRows: Row[] = [
  row("own notification settings", [D, A, A, A, A, A, A], (c) => rest(c, "GET", "/me/notifications")),
  row("change own notification settings", [D, A, A, A, A, A, A], (c) =>
    rest(c, "PATCH", "/me/notifications", { default_level: "all" }),
  ),
  row("set the channel's notification level", [D, D, D, A, A, D, A], (c) =>
    rest(c, "PUT", `${c.fx.path}/notifications`, { level: "all" }),
  ),
  row("mute the channel until a time", [D, D, D, A, A, A, A], (c) =>
    rest(c, "POST", `${c.fx.path}/mute`, { until: new Date(Date.now() + 3600_000).toISOString() }),
  ),
  row("the VAPID public key", [D, A, A, A, A, A, A], (c) => rest(c, "GET", "/push/vapid-key")),
  row("register a push device", [D, A, A, A, A, A, A], (c) =>
    rest(c, "POST", "/push/subscriptions", device(c)),
  ),
  row("list own push devices", [D, A, A, A, A, A, A], (c) => rest(c, "GET", "/push/subscriptions")),
  row("send a test push to own devices", [D, A, A, A, A, A, A], (c) => rest(c, "POST", "/push/test")),
  row("remove the owner's push device", [D, D, D, D, D, D, D], async (c) => {
    const owned = await c.s.chat(c.cast.owner.token, "POST", "/push/subscriptions", device(c));
    return rest(c, "DELETE", `/push/subscriptions/${owned.body.subscription.id}`);
  }),
  // This server has no SMTP_URL: a caller let in is told email is not sent here.
  row("set own email address", [D, A, A, A, A, A, A], (c) =>
    letIn(c, "PUT", "/me/email", { address: "someone@example.com" }),
  ),
  // A call that needs no credentials: the bearer token and api_key are not what lets it in.
  row("unsubscribe the owner with a forged token", [D, D, D, D, D, D, D], async (c) => {
    const res = await fetch(`${c.s.url}/chat/email/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${c.me.token}` },
      body: JSON.stringify({ token: `${c.cast.owner.id}.forged` }),
    });
    const body = (await res.json()) as { error?: { code?: string } };
    return res.status === 400 && body?.error?.code === "bad_request"
      ? D
      : verdict({ status: res.status, body });
  }),
];
