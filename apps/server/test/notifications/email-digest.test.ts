/**
 * Email digests end to end: a real SMTP server on 127.0.0.1 receives them, parsed as a mail
 * client would. A digest holds the unread mentions and DMs whose delay passed, and not what was
 * read, muted, one's own, deleted or sent during Do Not Disturb; its unsubscribe link and
 * one-click header work; a mail server that refuses or is down costs a round, never a request.
 * On PostgreSQL + Redis two nodes run the worker at once and only one sends.
 */
import { messagePath } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { uniqueName } from "../helpers/test-server.js";
import { MINUTE } from "./email-harness.js";
import { addressOf, emailSuite, headerOf, hrefs, linkIn, PUBLIC_URL } from "./email-suite.js";

const t = emailSuite();

/** A verified user whom bob mentioned in a group, once the digest round that emails it has run. */
async function mentionedInADigest() {
  const [user, bob] = await t.s().users(2);
  await t.verified(user!);
  const g = await t.group(bob!, [user!]);
  await g.say(bob!, "Hello", { mentioned_users: [user!.id] });
  t.s().clock.advance(16 * MINUTE);
  await t.digestRound();
  return { user: user!, bob: bob!, g };
}

describe("the digest", () => {
  it("emails the unread mentions and DMs once their delay passed, in one email", async () => {
    const [ana, bob, carl] = await t.s().users(3);
    await t.verified(ana!);
    const g = await t.group(bob!, [ana!, carl!], uniqueName("Planning"));
    const mention = await g.say(bob!, "Can you review <b>this</b> & <script>alert(1)</script>?", {
      mentioned_users: [ana!.id],
    });
    await g.say(bob!, "A message that names nobody");
    const parent = await g.say(bob!, "Thread parent");
    const reply = await g.say(bob!, "A reply for ana", { parent_id: parent.id, mentioned_users: [ana!.id] });
    await g.say(ana!, "A note to myself", { parent_id: parent.id, mentioned_users: [ana!.id] });
    await t.s().chat(ana!.token, "POST", "/moderation/mute", { target_id: carl!.id });
    await g.say(carl!, "From someone ana muted", { mentioned_users: [ana!.id] });
    const deleted = await g.say(bob!, "Deleted before it went", { mentioned_users: [ana!.id] });
    expect((await t.s().chat(bob!.token, "DELETE", `/messages/${deleted.id}`)).status).toBe(200);
    const direct = await t.dm(bob!, ana!, "A **direct** hello");

    const muted = await t.group(bob!, [ana!]);
    expect((await t.s().chat(ana!.token, "POST", `${muted.path}/mute`, {})).status).toBe(200);
    await muted.say(bob!, "In a channel ana muted", { mentioned_users: [ana!.id] });
    const silent = await t.group(bob!, [ana!]);
    expect(
      (await t.s().chat(ana!.token, "PUT", `${silent.path}/notifications`, { level: "none" })).status,
    ).toBe(200);
    await silent.say(bob!, "In a channel at level none", { mentioned_users: [ana!.id] });
    const read = await t.group(bob!, [ana!]);
    await read.say(bob!, "Read in the meantime", { mentioned_users: [ana!.id] });
    expect((await t.s().chat(ana!.token, "POST", `${read.path}/read`, {})).status).toBe(200);
    const left = await t.group(bob!, [ana!]);
    await left.say(bob!, "In a channel ana was removed from", { mentioned_users: [ana!.id] });
    expect((await t.s().chat(bob!.token, "POST", `${left.path}/members`, { remove: [ana!.id] })).status).toBe(
      200,
    );

    t.s().clock.advance(14 * MINUTE);
    await t.digestRound();
    expect(t.digestsTo(ana!)).toHaveLength(0);

    t.s().clock.advance(2 * MINUTE);
    await t.digestRound();
    const digests = t.digestsTo(ana!);
    expect(digests).toHaveLength(1);
    const mail = digests[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([
      addressOf(ana!),
    ]);
    expect(mail.subject).toBe("3 messages you missed on Parley");

    const text = mail.text ?? "";
    for (const shown of [
      "Can you review <b>this</b> & <script>alert(1)</script>?",
      "A reply for ana",
      "A direct hello",
    ])
      expect(text).toContain(shown);
    expect(text).toContain(`#${g.name}`);
    expect(text).toContain(bob!.id);
    // Markdown is shown as the message reads, not as it was typed.
    expect(text).not.toContain("**direct**");
    for (const left of [
      "names nobody",
      "Thread parent",
      "note to myself",
      "someone ana muted",
      "Deleted before",
      "ana muted",
      "level none",
      "Read in the meantime",
      "was removed from",
    ])
      expect(text).not.toContain(left);
    expect(text.indexOf("Can you review")).toBeLessThan(text.indexOf("A direct hello"));

    const html = mail.html || "";
    expect(html).toContain(
      "Can you review &lt;b&gt;this&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;?",
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>this");
    const links = hrefs(html);
    for (const m of [mention, reply, direct]) {
      expect(links).toContain(`${PUBLIC_URL}${messagePath(m)}`);
      expect(text).toContain(`${PUBLIC_URL}${messagePath(m)}`);
    }
    expect(`${PUBLIC_URL}${messagePath(reply)}`).toContain(`thread=${parent.id}`);

    // Emailed once: the next rounds send nothing new, until something new is missed.
    t.s().clock.advance(16 * MINUTE);
    await t.digestRound();
    expect(t.digestsTo(ana!)).toHaveLength(1);
    await g.say(bob!, "One more for ana", { mentioned_users: [ana!.id] });
    t.s().clock.advance(16 * MINUTE);
    await t.digestRound();
    expect(t.digestsTo(ana!)).toHaveLength(2);
    const next = t.digestsTo(ana!)[1]!;
    expect(next.subject).toBe(`${bob!.id} mentioned you in #${g.name}`);
    expect(next.text).toContain("One more for ana");
    expect(next.text).not.toContain("A direct hello");
  });

  it("waits during Do Not Disturb and sends what is still unread after it", async () => {
    const [dave, bob] = await t.s().users(2);
    await t.verified(dave!);
    const dnd = new Date(t.s().clock.now().getTime() + 60 * MINUTE).toISOString();
    expect((await t.s().chat(dave!.token, "PATCH", "/me/notifications", { dnd_until: dnd })).status).toBe(
      200,
    );
    const kept = await t.group(bob!, [dave!]);
    const seen = await t.group(bob!, [dave!]);
    await kept.say(bob!, "Still unread after Do Not Disturb", { mentioned_users: [dave!.id] });
    await seen.say(bob!, "Read during Do Not Disturb", { mentioned_users: [dave!.id] });

    t.s().clock.advance(20 * MINUTE);
    await t.digestRound();
    expect(t.digestsTo(dave!)).toHaveLength(0);
    await t.s().chat(dave!.token, "POST", `${seen.path}/read`, {});

    t.s().clock.advance(41 * MINUTE);
    await t.digestRound();
    const [mail, ...more] = t.digestsTo(dave!);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain("Still unread after Do Not Disturb");
    expect(mail?.text).not.toContain("Read during Do Not Disturb");
  });

  it("unsubscribes with the link in its body and with the one-click List-Unsubscribe header", async () => {
    const { user: erin, bob, g } = await mentionedInADigest();
    const [mail] = t.digestsTo(erin);
    expect(mail).toBeDefined();

    const { token } = linkIn(mail!.text ?? "", "/unsubscribe");
    expect(hrefs(mail!.html || "")).toContain(`${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    const header = headerOf(mail!, "list-unsubscribe");
    const oneClick = /^<([^>]+)>$/.exec(header)?.[1] ?? "";
    expect(oneClick).toBe(`${PUBLIC_URL}/chat/email/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(headerOf(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    const forged = await t
      .s()
      .post("/email/unsubscribe", JSON.stringify({ token: `${token}A` }), "application/json");
    expect(forged.status).toBe(400);
    expect((await t.settingsOf(erin)).email.digest).toBe(true);

    // What a mail client posts for one click (RFC 8058), to the header's URL on this server.
    const path = oneClick.slice(`${PUBLIC_URL}/chat`.length);
    const clicked = await t.s().post(path, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded");
    expect(clicked.status).toBe(200);
    expect((await t.settingsOf(erin)).email.digest).toBe(false);

    // The body's link (the web page calls this) works too, as often as it is opened.
    expect((await t.unsubscribe(token)).status).toBe(200);
    await g.say(bob, "Nothing emails this", { mentioned_users: [erin.id] });
    t.s().clock.advance(16 * MINUTE);
    await t.digestRound();
    expect(t.digestsTo(erin)).toHaveLength(1);

    // A new address makes the old links stop working.
    await t.s().chat(erin.token, "PATCH", "/me/notifications", { email_digest: true });
    await t.setAddress(erin, `new-${addressOf(erin)}`);
    expect((await t.unsubscribe(token)).status).toBe(400);
  });

  it("answers a one-click unsubscribe sent as multipart/form-data", async () => {
    const { user: fay } = await mentionedInADigest();
    const oneClick = /^<([^>]+)>$/.exec(headerOf(t.digestsTo(fay)[0]!, "list-unsubscribe"))?.[1] ?? "";
    const boundary = "----parley";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const clicked = await t
      .s()
      .post(oneClick.slice(`${PUBLIC_URL}/chat`.length), body, `multipart/form-data; boundary=${boundary}`);
    expect(clicked.status).toBe(200);
    expect((await t.settingsOf(fay)).email.digest).toBe(false);
  });

  it("survives a mail server that refuses or is down, and sends in a later round", async () => {
    const [gus, hal, bob] = await t.s().users(3);
    await t.verified(gus!);
    await t.verified(hal!);
    const g = await t.group(bob!, [gus!, hal!]);

    t.inbox.refuse = { code: 451, message: "Try again later" };
    await g.say(bob!, "First try is refused", { mentioned_users: [gus!.id] });
    t.s().clock.advance(16 * MINUTE);
    expect(await t.digestRound()).toBe(0);
    expect(t.s().logs.some((l) => l.includes("email not sent"))).toBe(true);
    t.inbox.refuse = undefined;
    t.s().clock.advance(MINUTE);
    await t.digestRound();
    expect(t.digestsTo(gus!).map((m) => m.text)).toEqual([expect.stringContaining("First try is refused")]);

    // Refused for good (550): that digest is dropped, not retried every minute.
    t.inbox.refuse = { code: 550, message: "No such mailbox" };
    await g.say(bob!, "Never deliverable", { mentioned_users: [hal!.id] });
    t.s().clock.advance(16 * MINUTE);
    expect(await t.digestRound()).toBe(0);
    t.inbox.refuse = undefined;
    t.s().clock.advance(MINUTE);
    await t.digestRound();
    expect(t.digestsTo(hal!)).toHaveLength(0);

    await t.inbox.stop();
    await g.say(bob!, "Sent once the server is back", { mentioned_users: [gus!.id] });
    t.s().clock.advance(16 * MINUTE);
    expect(await t.digestRound()).toBe(0);
    const [ivy] = await t.s().users(1);
    const down = await t.setAddress(ivy!);
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe("unavailable");
    expect((await t.s().chat(ivy!.token, "GET", "/me")).status).toBe(200);

    await t.inbox.start();
    t.s().clock.advance(MINUTE);
    await t.digestRound();
    expect(t.digestsTo(gus!)).toHaveLength(2);
    expect(t.digestsTo(gus!)[1]!.text).toContain("Sent once the server is back");
  });
});
