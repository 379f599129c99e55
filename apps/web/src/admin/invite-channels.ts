import type { ChatClient } from "@parley/client";
import { useEffect, useState } from "react";

export interface ChannelOption {
  cid: string;
  name: string;
}

const LIMIT = 100;

/**
 * The team channels an invite may join: those the admin is in, and the open ones they are not
 * in (an admin may add people to any). The server checks each again when the invite is made.
 */
export function useInviteChannels(client: ChatClient): ChannelOption[] {
  const [options, setOptions] = useState<ChannelOption[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all([
      client.rest
        .queryChannels({ filter: { type: "team" }, limit: LIMIT, message_limit: 0, member_limit: 0 })
        .then((answer) => answer.channels.map((s) => s.channel))
        .catch(() => []),
      client.queryJoinableChannels("", { limit: LIMIT }).catch(() => []),
    ]).then(([mine, joinable]) => {
      if (!live) return;
      const seen = new Map<string, ChannelOption>();
      for (const c of [...mine, ...joinable]) {
        if (c.type === "team") seen.set(c.cid, { cid: c.cid, name: c.name || c.id });
      }
      setOptions([...seen.values()].sort((a, b) => a.name.localeCompare(b.name)));
    });
    return () => {
      live = false;
    };
  }, [client]);
  return options;
}
