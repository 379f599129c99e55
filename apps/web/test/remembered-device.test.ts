import type { TwoFactorSigninResponse } from "@parley/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepDeviceToken, withRememberedDevice } from "../src/auth/two-factor-api";
import { clearSession, saveSession } from "../src/session/storage";
import { FakeStorage } from "./fake-storage";

let local: FakeStorage;
beforeEach(() => {
  local = new FakeStorage();
  vi.stubGlobal("sessionStorage", new FakeStorage());
  vi.stubGlobal("localStorage", local);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (device_token?: string): TwoFactorSigninResponse => ({
  streamToken: "chat",
  token: "session",
  user: { id: "ana", displayName: "Ana", profilePicture: "" },
  ...(device_token ? { device_token } : {}),
  recovery_codes: ["abcde-fghjk"],
});

describe("a remembered device", () => {
  it("keeps its token per account, outlasting sign-out, and sends it with that account's sign-in only", () => {
    const session = keepDeviceToken(answer("device-1"));
    expect(session).toEqual({ streamToken: "chat", token: "session", user: answer().user });
    saveSession(session);
    clearSession();
    expect(localStorage.getItem("uid")).toBeNull();
    expect(local.length).toBe(1);
    expect(withRememberedDevice({ action: "signin", username: "ana", password: "pw" })).toEqual({
      action: "signin",
      username: "ana",
      password: "pw",
      device_token: "device-1",
    });
    expect(withRememberedDevice({ action: "signin", username: "bob", password: "pw" })).not.toHaveProperty(
      "device_token",
    );
  });

  it("is not remembered when the answer has no device token", () => {
    keepDeviceToken(answer());
    expect(local.length).toBe(0);
  });
});
