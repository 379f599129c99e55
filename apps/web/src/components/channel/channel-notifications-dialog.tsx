import type { Channel, ChannelStateSnapshot } from "@parley/client";
import { type ChannelNotifyLevel, NOTIFY_LEVELS } from "@parley/protocol";
import { Link } from "react-router";
import { useClientState } from "../../chat/client-context";
import { LevelChoices } from "../../settings/level-choices";
import { CHANNEL_LEVEL_HINTS, channelLevelLabel } from "../../settings/notify-labels";
import { Dialog } from "../ui/dialog";

const LEVELS: readonly ChannelNotifyLevel[] = ["default", ...NOTIFY_LEVELS];

interface Props {
  channel: Channel;
  state: ChannelStateSnapshot;
  name: string;
  onClose: () => void;
}

/** What notifies the user in one channel: their default, all, mentions and DMs, or nothing. */
export function ChannelNotificationsDialog({ channel, state, name, onClose }: Props) {
  const defaultLevel = useClientState().user?.notify?.default_level ?? "mentions";
  return (
    <Dialog title={`Notifications in ${name}`} onClose={onClose}>
      <LevelChoices
        name="channel-level"
        legend="What notifies you here"
        showLegend
        levels={LEVELS}
        current={state.membership?.notify_level ?? "default"}
        label={(level) => channelLevelLabel(level, defaultLevel)}
        hint={(level) => CHANNEL_LEVEL_HINTS[level]}
        save={(level) => channel.setNotifyLevel(level)}
      />
      <div className="dialog__actions">
        <Link to="/settings/notifications" className="button">
          All notification settings
        </Link>
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
