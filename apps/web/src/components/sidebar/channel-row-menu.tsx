import type { Channel } from "@parley/client";
import { muteMenuItems } from "../channel/mute-menu-items";
import { Icon } from "../ui/icons";
import { Menu } from "../ui/menu";
import { starMenuItem } from "./star-menu-item";

/** A row's own menu (favourite, mute), beside its link: shown on hover and focus, always on touch. */
export function ChannelRowMenu({ channel, name }: { channel: Channel; name: string }) {
  return (
    <div className="channel-row__menu">
      <Menu
        label={`Options for ${name}`}
        trigger={<Icon name="more" size={18} />}
        items={[starMenuItem(channel), ...muteMenuItems(channel)]}
      />
    </div>
  );
}
