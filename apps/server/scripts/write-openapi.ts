/** `npm run openapi`: writes the OpenAPI document of the route table to docs/openapi.json. */
import { writeFileSync } from "node:fs";
import { openApiJson } from "@parley/protocol";

const target = new URL("../../../docs/openapi.json", import.meta.url);
writeFileSync(target, openApiJson());
console.log(`wrote ${target.pathname}`);
