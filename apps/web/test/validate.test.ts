import { describe, expect, it } from "vitest";
import { validateSignin, validateSignup } from "../src/auth/validate";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("validateSignup", () => {
  it("accepts a valid form and normalises it like the server", () => {
    const result = validateSignup(
      form({ username: " Ada_99 ", displayName: " Ada ", password: "correct horse", profilePicture: "" }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        action: "signup",
        username: "ada_99",
        displayName: "Ada",
        password: "correct horse",
        profilePicture: "",
      },
    });
  });

  it("names every bad field", () => {
    const result = validateSignup(
      form({ username: "a!", displayName: " ", password: "short", profilePicture: "ftp://x" }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.error.fields ?? {}).sort()).toEqual([
      "displayName",
      "password",
      "profilePicture",
      "username",
    ]);
    expect(result.error.message).toBeTruthy();
  });
});

describe("validateSignin", () => {
  it("requires both fields", () => {
    const result = validateSignin(form({ username: "", password: "" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.error.fields ?? {}).sort()).toEqual(["password", "username"]);
  });

  it("accepts any non-empty password (the server decides)", () => {
    expect(validateSignin(form({ username: "Ada", password: "x" }))).toEqual({
      ok: true,
      body: { action: "signin", username: "ada", password: "x" },
    });
  });
});
