#!/usr/bin/env node
// The e2e suite runs in Debian's Chromium and never downloads a browser.
// Installs it when missing and running as root; otherwise explains how to install it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

if (existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(`${CHROMIUM} is missing. Install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}

console.log(`${CHROMIUM} is missing; installing it with apt-get.`);
for (const args of [["update"], ["install", "-y", "chromium"]]) {
  const result = spawnSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
