import { POLICY_RESOURCES, POLICY_ROLES } from "@parley/protocol";

/**
 * The policy engine of spec §6: policies attach to a channel type and are evaluated highest
 * priority first; the first that matches decides; when none matches, the answer is deny.
 */
export const RESOURCES = POLICY_RESOURCES;
export type Resource = (typeof POLICY_RESOURCES)[number];

/** App roles, channel roles, and `direct_member` for members of a direct conversation. */
export const ROLES = POLICY_ROLES;

export interface Policy {
  name: string;
  resources: readonly (Resource | "*")[];
  roles: readonly string[];
  action: "allow" | "deny";
  /** Applies only when the acting user owns the resource (a message's author, a vote's voter). */
  owner: boolean;
  priority: number;
}

export interface Subject {
  resource: Resource;
  roles: readonly string[];
  isOwner: boolean;
}

export const ALLOW_ALL: Policy = {
  name: "Allow all",
  resources: ["*"],
  roles: ["*"],
  action: "allow",
  owner: false,
  priority: 999,
};

export const DENY_ALL: Policy = {
  name: "Deny all",
  resources: ["*"],
  roles: ["*"],
  action: "deny",
  owner: false,
  priority: 1,
};

export function matches(p: Policy, s: Subject): boolean {
  if (!p.resources.includes("*") && !p.resources.includes(s.resource)) return false;
  if (!p.roles.includes("*") && !p.roles.some((r) => s.roles.includes(r))) return false;
  return !p.owner || s.isOwner;
}

/** Policies sorted as they are evaluated: priority descending, then by name for a stable order. */
export function ordered(policies: readonly Policy[]): Policy[] {
  return [...policies].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
}

/** The deciding policy, or undefined (deny) when none matches. */
export function decide(sortedPolicies: readonly Policy[], s: Subject): Policy | undefined {
  return sortedPolicies.find((p) => matches(p, s));
}

export function allowed(sortedPolicies: readonly Policy[], s: Subject): boolean {
  return decide(sortedPolicies, s)?.action === "allow";
}
