/**
 * The verification email end to end: a real SMTP server on 127.0.0.1 receives it, its link
 * verifies the address once and for a day; a user may ask for five an hour. Without SMTP_URL
 * nothing is sent and the settings say so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/test-server.js";
import { type EmailTestServer, MINUTE, startEmailServer } from "./email-harness.js";
import { addressOf, emailSuite, FROM, hrefs, linkIn, PUBLIC_URL } from "./email-suite.js";

const t = emailSuite();

describe("the verification email", () => {
  it("carries a link that verifies the address once", async () => {
    const [ana] = await t.s().users(1);
    const set = await t.setAddress(ana!);
    expect(set.status).toBe(200);
    expect(set.body.settings.email).toMatchObject({ address: addressOf(ana!), verified: false });
    expect(set.body.settings.email_available).toBe(true);

    const mail = await t.inbox.waitFor(addressOf(ana!));
    expect(mail.from?.value[0]?.address).toBe(FROM);
    expect(mail.subject).toBe("Confirm your email address for Parley");
    const { link, token } = linkIn(mail.text ?? "", "/verify-email");
    expect(hrefs(mail.html || "")).toContain(link);

    const verify = await t.verify(token);
    expect(verify).toMatchObject({ status: 200, body: { address: addressOf(ana!) } });
    expect((await t.settingsOf(ana!)).email).toMatchObject({ address: addressOf(ana!), verified: true });

    const again = await t.verify(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: "bad_request",
      message: expect.stringMatching(/^This link has expired or was already used/),
    });
    const unknown = await t.verify(`${token}x`);
    expect(unknown.body.error).toEqual(again.body.error);
  });

  it("expires after a day", async () => {
    const [bob] = await t.s().users(1);
    await t.setAddress(bob!);
    const { token } = linkIn((await t.inbox.waitFor(addressOf(bob!))).text ?? "", "/verify-email");
    t.s().clock.advance(24 * 60 * MINUTE + MINUTE);
    const late = await t.verify(token);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toMatch(/expired or was already used/);
    expect((await t.settingsOf(bob!)).email.verified).toBe(false);
  });

  it("keeps a verified address verified when it is set again, and forgets a removed one", async () => {
    const [carl] = await t.s().users(1);
    await t.verified(carl!);
    const mails = t.inbox.to(addressOf(carl!)).length;
    const again = await t.setAddress(carl!);
    expect(again.body.settings.email).toMatchObject({ address: addressOf(carl!), verified: true });
    expect(t.inbox.to(addressOf(carl!))).toHaveLength(mails);

    const removed = await t.s().chat(carl!.token, "DELETE", "/me/email");
    expect(removed.status).toBe(200);
    expect(removed.body.settings.email).toMatchObject({ address: null, verified: false });
  });

  it("is sent at most five times an hour to one user", async () => {
    const [dora] = await t.s().users(1);
    for (let i = 0; i < 5; i++)
      expect((await t.setAddress(dora!, `dora${i}@mail.example.test`)).status).toBe(200);
    const sixth = await t.setAddress(dora!, "dora5@mail.example.test");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({
      code: "rate_limited",
      message: expect.stringMatching(/Too many verification emails/),
    });
    expect(t.inbox.to("dora5@mail.example.test")).toHaveLength(0);
  });
});

describe("without SMTP_URL", () => {
  let plain: EmailTestServer;
  beforeAll(async () => {
    plain = await startEmailServer({ PUBLIC_URL });
  });
  afterAll(() => plain?.close());

  it("sends nothing and says so", async () => {
    const [ann] = await plain.users(1);
    expect(plain.nodes.every((node) => !node.email.available)).toBe(true);
    const set = await plain.chat(ann!.token, "PUT", "/me/email", { address: "ann@mail.example.test" });
    expect(set.status).toBe(400);
    expect(set.body.error).toEqual({ code: "bad_request", message: "This server does not send email" });
    const settings = (await plain.chat(ann!.token, "GET", "/me/notifications")).body.settings;
    expect(settings.email_available).toBe(false);
    expect(settings.email.address).toBeNull();
  });

  it("sends no digest, and marks nothing as sent, for an address verified before SMTP_URL was unset", async () => {
    const [ann, bob] = await plain.users(2);
    const store = plain.nodes[0]!.store;
    const since = plain.clock.now().toISOString();
    await store.notifications.saveSettings(
      ann!.id,
      { email: "ann@mail.example.test", email_verified: true, emailed_through: since },
      since,
    );
    const id = uniqueName("g");
    await plain.chat(bob!.token, "POST", `/channels/messaging/${id}/query`, { data: { members: [ann!.id] } });
    const sent = await plain.chat(bob!.token, "POST", `/channels/messaging/${id}/messages`, {
      message: { text: "Hello ann", mentioned_users: [ann!.id] },
    });
    expect(sent.status).toBe(201);
    plain.clock.advance(16 * MINUTE);
    expect(await Promise.all(plain.nodes.map((node) => node.email.runDigests()))).toEqual(
      plain.nodes.map(() => 0),
    );
    expect((await store.notifications.settings(ann!.id))?.emailed_through).toBe(since);
  });
});
