import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestUser } from "../helpers/test-server.js";
import { uniqueName } from "../helpers/test-server.js";
import { type EmailTestServer, startEmailServer } from "./email-harness.js";
import { Inbox } from "./email-inbox.js";

export const PUBLIC_URL = "https://chat.example.test";
export const FROM = "parley@chat.example.test";

export const addressOf = (u: TestUser) => `${u.id}@mail.example.test`;

/** The link of `path` in a text body, and its token. */
export function linkIn(text: string, path: string): { link: string; token: string } {
  const escaped = `${PUBLIC_URL}${path}`.replace(/[.?/]/g, (c) => `\\${c}`);
  const link = new RegExp(`${escaped}\\?token=\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return { link, token: new URL(link).searchParams.get("token")! };
}

/** Every link of an HTML body, as a browser reads the attribute. */
export const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

/** A header's raw value, unfolded. */
export function headerOf(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

export interface SentMessage {
  id: string;
  cid: string;
  parent_id: string | null;
}

/**
 * A suite's server, sending through a real SMTP server (`inbox`) with links to PUBLIC_URL, and the
 * steps its tests take: started before the suite's tests, stopped after them.
 */
export function emailSuite() {
  const inbox = new Inbox();
  let server: EmailTestServer | undefined;
  beforeAll(async () => {
    await inbox.start();
    server = await startEmailServer({ SMTP_URL: inbox.url, SMTP_FROM: `Parley <${FROM}>`, PUBLIC_URL });
  });
  afterAll(async () => {
    await server?.close();
    await inbox.stop();
  });
  const s = () => {
    if (!server) throw new Error("the email suite's server is not started");
    return server;
  };

  const setAddress = (u: TestUser, address = addressOf(u)) =>
    s().chat(u.token, "PUT", "/me/email", { address });
  const verify = (token: string) => s().post("/email/verify", JSON.stringify({ token }), "application/json");
  const unsubscribe = (token: string) =>
    s().post("/email/unsubscribe", JSON.stringify({ token }), "application/json");

  return {
    inbox,
    s,
    setAddress,
    verify,
    unsubscribe,
    settingsOf: async (u: TestUser) => (await s().chat(u.token, "GET", "/me/notifications")).body.settings,

    /** Sets the user's address and opens the link of the verification email. */
    async verified(u: TestUser): Promise<void> {
      const before = inbox.to(addressOf(u)).length;
      expect((await setAddress(u)).status).toBe(200);
      const mail = await inbox.waitFor(addressOf(u), before + 1);
      expect((await verify(linkIn(mail.text ?? "", "/verify-email").token)).status).toBe(200);
    },

    /** A digest round on every node at once; answers the emails they sent. */
    async digestRound(): Promise<number> {
      const sent = await Promise.all(s().nodes.map((node) => node.email.runDigests()));
      return sent.reduce((a, b) => a + b, 0);
    },

    /** The digests `u` got (every email but the verification ones). */
    digestsTo: (u: TestUser) => inbox.to(addressOf(u)).filter((m) => !m.subject?.startsWith("Confirm")),

    async group(owner: TestUser, members: TestUser[], name = uniqueName("Team")) {
      const id = uniqueName("g");
      const res = await s().chat(owner.token, "POST", `/channels/messaging/${id}/query`, {
        data: { name, members: members.map((m) => m.id) },
      });
      expect(res.status).toBe(200);
      const path = `/channels/messaging/${id}`;
      const say = async (who: TestUser, text: string, extra: Record<string, unknown> = {}) => {
        const sent = await s().chat(who.token, "POST", `${path}/messages`, { message: { text, ...extra } });
        expect(sent.status).toBe(201);
        return sent.body.message as SentMessage;
      };
      return { id, name, cid: `messaging:${id}`, path, say };
    },

    async dm(from: TestUser, to: TestUser, text: string): Promise<SentMessage> {
      const ch = await s().chat(from.token, "POST", "/channels/messaging/query", {
        data: { members: [to.id] },
      });
      const cid: string = ch.body.channel.cid;
      const sent = await s().chat(from.token, "POST", `/channels/${cid.replace(":", "/")}/messages`, {
        message: { text },
      });
      expect(sent.status).toBe(201);
      return sent.body.message as SentMessage;
    },
  };
}
