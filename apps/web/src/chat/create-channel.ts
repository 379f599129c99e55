import type { Channel, ChatClient } from "@parley/client";

/** A channel id from its name: a readable slug plus a random suffix ("design-review-k3f9x2"). */
export function channelIdFromName(name: string, random: () => number = Math.random): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0");
  return slug ? `${slug}-${suffix}` : `channel-${suffix}`;
}

/** Creates a named channel with the picked members (and the user) and watches it. */
export async function createChannel(
  client: ChatClient,
  input: { name: string; type: "messaging" | "team"; members: string[] },
): Promise<Channel> {
  const me = client.userID;
  const members = [...new Set([...(me ? [me] : []), ...input.members])];
  const channel = client.channel(input.type, channelIdFromName(input.name), {
    name: input.name.trim(),
    members,
  });
  await channel.watch();
  return channel;
}

/** Opens (or creates) the direct conversation of exactly these people and the user. */
export async function openDirectChannel(client: ChatClient, userIds: string[]): Promise<Channel> {
  const me = client.userID;
  const members = [...new Set([...(me ? [me] : []), ...userIds])];
  const channel = client.channel("messaging", undefined, { members });
  await channel.watch();
  return client.activeChannels.get(channel.cid) ?? channel;
}
