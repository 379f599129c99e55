import { rmSync } from "node:fs";

/** Remove the run's temporary data directory (created in playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.PARLEY_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
