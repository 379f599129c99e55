/**
 * "Forgot password?" by email (POST /api/password-reset/request), received by a real SMTP server
 * on 127.0.0.1: the link goes to the account's verified address only; the answer is the same for
 * an account that exists and one that does not; requests are limited per IP and per account.
 */
import type { AuthResponse } from "@parley/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_EMAILS_PER_ACCOUNT,
  RESET_REQUESTS_PER_IP,
} from "../../src/domain/accounts/email-reset-service.js";
import { uniqueName } from "../helpers/test-server.js";
import { type EmailTestServer, startEmailServer } from "../notifications/email-harness.js";
import { Inbox } from "../notifications/email-inbox.js";
import { linkIn } from "../notifications/email-suite.js";
import { api, checkReset, freshIp, signin, tokenOf } from "./password-harness.js";

const PUBLIC_URL = "https://chat.example.test";
const inbox = new Inbox();
let s: EmailTestServer;
beforeAll(async () => {
  await inbox.start();
  s = await startEmailServer({
    SMTP_URL: inbox.url,
    SMTP_FROM: "Parley <parley@chat.example.test>",
    PUBLIC_URL,
    TRUST_PROXY: "true",
  });
});
afterAll(async () => {
  await s?.close();
  await inbox.stop();
});

const ask = (username_or_email: string, ip = freshIp()) =>
  api(s, "POST", "/password-reset/request", { body: { username_or_email }, ip });
const addressOf = (u: AuthResponse) => `${u.user.id}@mail.example.test`;
/** The token of the reset link in a text body (links are `${PUBLIC_URL}/reset-password#token=…`). */
function resetTokenIn(text: string): string {
  const link = new RegExp(`${PUBLIC_URL.replace(/[.]/g, "\\.")}/reset-password#token=\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return tokenOf(link);
}
const resetMails = (address: string) => inbox.to(address).filter((m) => m.subject?.startsWith("Reset"));

/** A user whose address was set and confirmed through its verification email. */
async function verifiedUser(): Promise<AuthResponse> {
  const u = await s.signup();
  expect((await s.chat(u.streamToken, "PUT", "/me/email", { address: addressOf(u) })).status).toBe(200);
  const { token } = linkIn((await inbox.waitFor(addressOf(u))).text ?? "", "/verify-email");
  expect((await s.post("/email/verify", JSON.stringify({ token }), "application/json")).status).toBe(200);
  return u;
}

/**
 * Requests are handled one after another once answered: when `marker`'s email arrived, every
 * request made before it was handled too (sent, or not).
 */
async function settle(): Promise<void> {
  const marker = await verifiedUser();
  expect((await ask(marker.user.id)).status).toBe(202);
  await inbox.waitFor(addressOf(marker), 2);
}

describe("a reset link by email", () => {
  it("goes to the verified address, asked for by username or address, and sets the password", async () => {
    const u = await verifiedUser();
    expect(await ask(u.user.id.toUpperCase())).toEqual({ status: 202, body: {} });
    const mail = await inbox.waitFor(addressOf(u), 2);
    expect(mail.subject).toBe("Reset your Parley password");
    const token = resetTokenIn(mail.text ?? "");
    expect((await checkReset(s, token)).body).toMatchObject({ username: u.user.id });
    expect(
      (await api(s, "POST", "/password-reset", { body: { token, new_password: "horse by mail" } })).status,
    ).toBe(204);
    expect((await signin(s, u.user.id, "horse by mail")).status).toBe(200);

    expect((await ask(addressOf(u).toUpperCase())).status).toBe(202);
    const second = await inbox.waitFor(addressOf(u), 3);
    expect(resetTokenIn(second.text ?? "")).not.toBe(token);
  });

  it("answers the same for an unknown account, an unverified address and a real one, and mails only the real one", async () => {
    const real = await verifiedUser();
    const unverified = await s.signup();
    await s.chat(unverified.streamToken, "PUT", "/me/email", { address: addressOf(unverified) });
    const answers = [
      await ask(real.user.id),
      await ask(uniqueName("nobody")),
      await ask("nobody@mail.example.test"),
      await ask(unverified.user.id),
      await ask(addressOf(unverified)),
    ];
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 202, body: {} });
    await settle();
    expect(resetMails(addressOf(real))).toHaveLength(1);
    expect(resetMails(addressOf(unverified))).toHaveLength(0);
    expect(resetMails("nobody@mail.example.test")).toHaveLength(0);
  });

  it(`sends an account at most ${RESET_EMAILS_PER_ACCOUNT} an hour, answering as ever`, async () => {
    const u = await verifiedUser();
    for (let i = 0; i <= RESET_EMAILS_PER_ACCOUNT; i++) expect((await ask(u.user.id)).status).toBe(202);
    await settle();
    expect(resetMails(addressOf(u))).toHaveLength(RESET_EMAILS_PER_ACCOUNT);
  });

  it(`takes ${RESET_REQUESTS_PER_IP} requests an hour from one address, real account or not`, async () => {
    const u = await verifiedUser();
    const ip = freshIp();
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++)
      expect((await ask(i % 2 ? u.user.id : uniqueName(), ip)).status).toBe(202);
    const real = await ask(u.user.id, ip);
    const unknown = await ask(uniqueName(), ip);
    expect(real.status).toBe(429);
    expect(real.body.error.code).toBe("rate_limited");
    expect(unknown).toEqual(real);
  });

  it("is offered in the public configuration", async () => {
    expect((await api(s, "GET", "/config")).body.passwordResetByEmail).toBe(true);
  });
});

describe("without SMTP_URL", () => {
  let plain: EmailTestServer;
  beforeAll(async () => {
    plain = await startEmailServer();
  });
  afterAll(() => plain.close());

  it("is not offered, and asking for it is refused", async () => {
    expect((await api(plain, "GET", "/config")).body.passwordResetByEmail).toBe(false);
    const r = await api(plain, "POST", "/password-reset/request", { body: { username_or_email: "x" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: "bad_request", message: "This server does not send email" });
  });
});
