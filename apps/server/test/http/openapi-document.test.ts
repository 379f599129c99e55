import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { openApiJson } from "@parley/protocol";
import { describe, expect, it } from "vitest";

const committed = new URL("../../../../docs/openapi.json", import.meta.url);

describe("docs/openapi.json", () => {
  it("is what the route table generates (else run `npm run openapi`)", () => {
    const stale = readFileSync(committed, "utf8") !== openApiJson();
    expect(stale, "docs/openapi.json differs from the route table: run `npm run openapi`").toBe(false);
  });

  it("is a valid OpenAPI 3.1 document, by swagger-parser", async () => {
    const doc = JSON.parse(readFileSync(committed, "utf8"));
    await expect(SwaggerParser.validate(doc)).resolves.toMatchObject({ openapi: "3.1.0" });
  });
});
