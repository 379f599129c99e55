import { describe, expect, it } from "vitest";
import { deviceName } from "../../src/settings/device-name";
import { channelLevelLabel } from "../../src/settings/notify-labels";
import { base64UrlBytes } from "../../src/settings/push-browser";
import {
  DND_CHOICES,
  fromLocalInput,
  localInputValue,
  MUTE_CHOICES,
  tomorrowAt,
  untilText,
} from "../../src/settings/times";

describe("ends of Do Not Disturb and mutes", () => {
  const now = new Date(2025, 2, 10, 13, 20); // 10 March, 13:20 local time

  it("offers 30 min, 1 h and tomorrow 09:00; mutes of 1 h, 8 h and until tomorrow", () => {
    expect(DND_CHOICES.map((c) => c.until(now).getTime() - now.getTime())).toEqual([
      30 * 60_000,
      60 * 60_000,
      tomorrowAt(now, 9).getTime() - now.getTime(),
    ]);
    expect(tomorrowAt(now, 9)).toEqual(new Date(2025, 2, 11, 9, 0));
    expect(MUTE_CHOICES.map((c) => c.label)).toEqual([
      "Mute for 1 hour",
      "Mute for 8 hours",
      "Mute until tomorrow",
    ]);
    expect(MUTE_CHOICES[1]!.until(now)).toEqual(new Date(2025, 2, 10, 21, 20));
  });

  it("reads an end as a time today, tomorrow's time, or a day and time", () => {
    expect(untilText(new Date(2025, 2, 10, 14, 0).toISOString(), now, "en-GB")).toBe("14:00");
    expect(untilText(new Date(2025, 2, 11, 9, 0).toISOString(), now, "en-GB")).toBe("tomorrow 09:00");
    expect(untilText(new Date(2025, 2, 14, 9, 30).toISOString(), now, "en-GB")).toBe("Fri 14 Mar, 09:30");
    expect(untilText("not a time", now)).toBe("");
  });

  it("round-trips a datetime-local value", () => {
    expect(localInputValue(now)).toBe("2025-03-10T13:20");
    expect(fromLocalInput("2025-03-10T13:20")).toEqual(now);
    expect(fromLocalInput("")).toBeNull();
  });
});

describe("labels", () => {
  it("a channel at Default names the user's level", () => {
    expect(channelLevelLabel("default", "mentions")).toBe("Default (Mentions and DMs)");
    expect(channelLevelLabel("none", "all")).toBe("Nothing");
  });

  it("names devices by browser and system", () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    expect(deviceName(chrome)).toBe("Chrome on Linux");
    expect(deviceName("Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0")).toBe(
      "Firefox on Android",
    );
    expect(deviceName("")).toBe("Unknown device");
  });
});

describe("the VAPID key", () => {
  it("decodes unpadded base64url into the key's bytes", () => {
    expect([...base64UrlBytes("AP8-_w")]).toEqual([0, 255, 62, 255]);
    expect(base64UrlBytes("B".repeat(87))).toHaveLength(65);
  });
});
