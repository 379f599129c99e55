import { afterAll, beforeAll, expect, it } from "vitest";
import { SIGNIN_LIMIT_PER_IP } from "../../src/services.js";
import { startTestServer, type TestServer, uniqueName } from "../helpers/test-server.js";

/** Sign-in attempts per address: wrong passwords are counted, right ones are not (an office's NAT). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const signin = async (username: string, password: string) =>
  (
    await fetch(`${s.url}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "signin", username, password }),
    })
  ).status;

it("lets many people sign in from one address, and stops one address guessing", async () => {
  const people = [uniqueName("nat"), uniqueName("nat"), uniqueName("nat")];
  for (const p of people) await s.signup(p);
  for (let i = 0; i < SIGNIN_LIMIT_PER_IP + 5; i++) {
    expect(await signin(people[i % people.length]!, "correct horse")).toBe(200);
  }
  const wrong: number[] = [];
  for (let i = 0; i <= SIGNIN_LIMIT_PER_IP; i++) wrong.push(await signin(uniqueName("guess"), "wrong horse"));
  expect(wrong.slice(0, SIGNIN_LIMIT_PER_IP).every((x) => x === 401)).toBe(true);
  expect(wrong[SIGNIN_LIMIT_PER_IP]).toBe(429);
  // The address is stopped for everyone now, right password or not, until the window ends.
  expect(await signin(people[0]!, "correct horse")).toBe(429);
});
