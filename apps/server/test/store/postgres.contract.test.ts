import { afterAll, beforeAll, describe } from "vitest";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { requirePostgres } from "../helpers/required-services.js";
import { storeContract } from "./contract/store-contract.js";
import { createTestSchema, type TestSchema } from "./pg-test-schema.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("PostgreSQL adapter", () => {
  let schema: TestSchema | undefined;
  beforeAll(requirePostgres);
  beforeAll(async () => {
    schema = await createTestSchema(url!);
  });
  afterAll(async () => {
    await schema?.drop();
  });
  storeContract("postgres", () => openPostgresStore({ url: url!, schema: schema!.name }));
});
