import type { Channel } from "@parley/client";
import { attempt } from "../../chat/notices";
import type { MenuItem } from "../ui/menu";

/** "Add to favourites" or "Remove from favourites": the channel menus' star entry. */
export function starMenuItem(channel: Channel): MenuItem {
  return channel.starred
    ? {
        label: "Remove from favourites",
        onSelect: () => attempt("remove the channel from favourites", () => channel.setStarred(false)),
      }
    : {
        label: "Add to favourites",
        onSelect: () => attempt("add the channel to favourites", () => channel.setStarred(true)),
      };
}
