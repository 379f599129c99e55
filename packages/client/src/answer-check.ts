/**
 * Checking answers against the route table's schemas. The table is imported only when a check
 * runs (its own export, `@parley/protocol/routes`, which nothing else in a browser bundle imports),
 * so a production web build, which does not check, never loads its schemas (9.8 KB gzip).
 */
import type { ApiRoute, ApiRouteName } from "@parley/protocol";
import { ChatAnswerError } from "./errors.js";

// Bundlers replace `process.env.NODE_ENV` (Vite: "production" in a build, "development" under its
// dev server); Node and vitest ("test") read it; a page without a bundler has no `process`.
declare const process: { env: Record<string, string | undefined> };

function nodeEnv(): string | undefined {
  try {
    return process.env.NODE_ENV;
  } catch {
    return undefined;
  }
}

/** Whether answers are checked when the client is not told: everywhere but in production. */
export function checksAnswersByDefault(): boolean {
  return nodeEnv() !== "production";
}

/** Throws a ChatAnswerError when `body`, answered with `status`, is not what route `name` declares. */
export async function checkAnswer(name: ApiRouteName, status: number, body: unknown): Promise<void> {
  const { apiRoutes } = await import("@parley/protocol/routes");
  const answers: ApiRoute["answers"] = apiRoutes[name].answers;
  if (!(status in answers)) {
    const declared = Object.keys(answers).join(", ");
    throw new ChatAnswerError(name, status, [`the route answers ${declared}, not ${status}`]);
  }
  const answer = answers[status];
  if (answer === null || answer === undefined) {
    if (body !== undefined) throw new ChatAnswerError(name, status, ["a body where none is due"]);
    return;
  }
  if ("binary" in answer) return;
  const result = answer.safeParse(body);
  if (!result.success) {
    throw new ChatAnswerError(
      name,
      status,
      result.error.issues.map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`),
    );
  }
}
