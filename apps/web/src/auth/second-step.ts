import type { SigninAnswer } from "@parley/protocol";

/** What the sign-in page needs for the second step: the challenge, and whether to verify or enrol. */
export interface SecondStep {
  kind: "verify" | "enrol";
  challenge: string;
}

/** The sign-in route action's answer when a second step comes next; `next` is where to go after. */
export interface SecondStepData {
  secondStep: SecondStep;
  next: string;
}

/** The second step a sign-in answer asks for, or undefined for a session. */
export function secondStepOf(answer: SigninAnswer): SecondStep | undefined {
  if ("two_factor_required" in answer) return { kind: "verify", challenge: answer.challenge };
  if ("two_factor_enrollment_required" in answer) return { kind: "enrol", challenge: answer.challenge };
  return undefined;
}
