import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePostgresAndRedis } from "../helpers/required-services.js";
import { type Cluster, multiNode, startCluster } from "./cluster.js";

describe.skipIf(!multiNode)("request rate limit across nodes", () => {
  let c: Cluster;
  beforeAll(requirePostgresAndRedis);
  beforeAll(async () => {
    c = await startCluster({ env: { RATE_LIMIT_PER_MINUTE: "6" } });
  });
  afterAll(() => c?.close());

  it("counts a token's requests on every node together (Redis)", async () => {
    const ana = await c.signup(c.nodes[0]!);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await c.chat(c.nodes[i % 2]!, ana.token, "GET", "/me")).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});
