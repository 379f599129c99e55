import type { ChatClient } from "@parley/client";
import { NOTIFY_LEVELS, type NotifyLevel } from "@parley/protocol";
import { LevelChoices } from "./level-choices";
import { LEVEL_HINTS, LEVEL_LABELS } from "./notify-labels";

/** The level of every channel left at "Default". */
export function DefaultLevelSection({ client, level }: { client: ChatClient; level: NotifyLevel }) {
  return (
    <section className="settings-section" aria-labelledby="settings-level">
      <h2 id="settings-level" className="settings-section__title">
        Notify me about
      </h2>
      <p className="settings-section__hint">
        In every channel and direct message, unless you choose otherwise in a channel's menu.
      </p>
      <LevelChoices
        name="default-level"
        legend="Default notification level"
        levels={NOTIFY_LEVELS}
        current={level}
        label={(value) => LEVEL_LABELS[value]}
        hint={(value) => LEVEL_HINTS[value]}
        save={(value) => client.notifications.update({ default_level: value })}
      />
    </section>
  );
}
