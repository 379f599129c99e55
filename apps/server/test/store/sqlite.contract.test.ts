import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import { storeContract } from "./contract/store-contract.js";

const dir = mkdtempSync(join(tmpdir(), "parley-contract-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeContract("sqlite", () => openSqliteStore({ filename: join(dir, "contract.db") }));
