import { describe, expect, it } from "vitest";
import { MESSAGING_POLICIES, TEAM_POLICIES } from "../../src/domain/policies/default-policies.js";
import {
  ALLOW_ALL,
  allowed,
  DENY_ALL,
  decide,
  ordered,
  type Policy,
  type Resource,
} from "../../src/domain/policies/policy.js";

const p = (name: string, over: Partial<Policy>): Policy => ({
  name,
  resources: ["*"],
  roles: ["*"],
  action: "allow",
  owner: false,
  priority: 500,
  ...over,
});

describe("policy engine", () => {
  it("exports the built-in policies by name with the spec's priorities", () => {
    expect(ALLOW_ALL).toMatchObject({
      name: "Allow all",
      priority: 999,
      action: "allow",
      resources: ["*"],
      roles: ["*"],
    });
    expect(DENY_ALL).toMatchObject({
      name: "Deny all",
      priority: 1,
      action: "deny",
      resources: ["*"],
      roles: ["*"],
    });
  });

  const cases: [string, Policy[], Resource, string[], boolean, boolean, string | undefined][] = [
    ["no policy: deny", [], "ReadChannel", ["user"], false, false, undefined],
    ["Allow all allows anything", [ALLOW_ALL], "DeleteChannel", ["user"], false, true, "Allow all"],
    ["Deny all denies anything", [DENY_ALL], "ReadChannel", ["admin"], false, false, "Deny all"],
    ["highest priority first", [DENY_ALL, ALLOW_ALL], "ReadChannel", ["user"], false, true, "Allow all"],
    [
      "a higher deny wins",
      [
        p("deny reads", { action: "deny", resources: ["ReadChannel"], priority: 900 }),
        p("allow the rest", { priority: 800 }),
      ],
      "ReadChannel",
      ["user"],
      false,
      false,
      "deny reads",
    ],
    [
      "first match decides, later ones ignored",
      [p("a", { priority: 10, action: "deny" }), p("b", { priority: 20, resources: ["CreateMessage"] })],
      "CreateMessage",
      ["user"],
      false,
      true,
      "b",
    ],
    [
      "resource must match",
      [p("only send", { resources: ["CreateMessage"] })],
      "ReadChannel",
      ["user"],
      false,
      false,
      undefined,
    ],
    [
      "role must match",
      [p("mods", { roles: ["channel_moderator"] })],
      "ReadChannel",
      ["channel_member"],
      false,
      false,
      undefined,
    ],
    [
      "any of the user's roles matches",
      [p("mods", { roles: ["channel_moderator"] })],
      "ReadChannel",
      ["user", "channel_moderator"],
      false,
      true,
      "mods",
    ],
    [
      "owner policy needs ownership",
      [p("own", { owner: true, resources: ["UpdateMessage"] })],
      "UpdateMessage",
      ["user"],
      false,
      false,
      undefined,
    ],
    [
      "owner policy applies to the owner",
      [p("own", { owner: true, resources: ["UpdateMessage"] })],
      "UpdateMessage",
      ["user"],
      true,
      true,
      "own",
    ],
    [
      "an owner policy that does not apply falls through",
      [p("own deny", { owner: true, action: "deny", priority: 900 }), p("all", { priority: 100 })],
      "ReadChannel",
      ["user"],
      false,
      true,
      "all",
    ],
  ];
  it.each(cases)("%s", (_name, policies, resource, roles, isOwner, expected, decidedBy) => {
    const sorted = ordered(policies);
    expect(allowed(sorted, { resource, roles, isOwner })).toBe(expected);
    expect(decide(sorted, { resource, roles, isOwner })?.name).toBe(decidedBy);
  });

  it("orders by priority descending, then name", () => {
    expect(
      ordered([p("b", { priority: 5 }), p("a", { priority: 5 }), p("c", { priority: 7 })]).map((x) => x.name),
    ).toEqual(["c", "a", "b"]);
  });
});

describe("default policy sets", () => {
  const sorted = { messaging: ordered(MESSAGING_POLICIES), team: ordered(TEAM_POLICIES) };
  const ask = (type: "messaging" | "team", resource: Resource, roles: string[], isOwner = false) =>
    allowed(sorted[type], { resource, roles, isOwner });

  it("end with Deny all and give admins everything", () => {
    for (const set of Object.values(sorted)) {
      expect(set.at(-1)).toEqual(DENY_ALL);
      expect(set[0]).toMatchObject({ roles: ["admin"], resources: ["*"], action: "allow", priority: 999 });
    }
    expect(ask("messaging", "DeleteChannel", ["admin"])).toBe(true);
  });

  it.each([
    ["messaging", "ReadChannel", ["user"], false, false],
    ["messaging", "ReadChannel", ["user", "channel_member"], false, true],
    ["messaging", "CreateMessage", ["user", "channel_member"], false, true],
    ["messaging", "UpdateMessage", ["user", "channel_member"], false, false],
    ["messaging", "UpdateMessage", ["user", "channel_member"], true, true],
    ["messaging", "DeleteMessage", ["user", "channel_moderator"], false, true],
    ["messaging", "DeleteMessage", ["moderator"], false, true],
    ["messaging", "TruncateChannel", ["user", "channel_member"], false, false],
    ["messaging", "TruncateChannel", ["user", "owner"], false, true],
    ["messaging", "PinMessage", ["user", "channel_member"], true, false],
    ["messaging", "PinMessage", ["user", "channel_member", "direct_member"], true, true],
    ["messaging", "JoinChannel", ["user"], false, false],
    ["team", "ReadChannel", ["user"], false, true],
    ["team", "JoinChannel", ["user"], false, true],
    ["team", "CreateMessage", ["user"], false, false],
    ["messaging", "CreateChannel", ["user"], false, true],
  ] as const)("%s: %s for %j (owner %s) → %s", (type, resource, roles, isOwner, expected) => {
    expect(ask(type, resource, [...roles], isOwner)).toBe(expected);
  });
});
