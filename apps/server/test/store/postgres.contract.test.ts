import { afterAll, beforeAll, describe } from "vitest";
import { storeContract } from "../../src/store/contract/store-contract.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { createTestSchema, type TestSchema } from "./pg-test-schema.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("PostgreSQL adapter", () => {
  let schema: TestSchema | undefined;
  beforeAll(async () => {
    schema = await createTestSchema(url!);
  });
  afterAll(async () => {
    await schema?.drop();
  });
  storeContract("postgres", () => openPostgresStore({ url: url!, schema: schema!.name }));
});
