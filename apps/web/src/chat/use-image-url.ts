/**
 * The URL an `<img>` may load for a user's or channel's image under the app's own-origin image
 * policy: external images come through the server's image proxy as `blob:` URLs, fetched, cached
 * and shared by the SDK (`client.images`); React only renders what it answers.
 */
import { type ChatClient, imageRoute } from "@parley/client";
import { useEffect, useState } from "react";
import { useOptionalChatClient } from "./client-context";

/** Without a client (outside the signed-in area) only what needs no proxy can be shown. */
function withoutClient(src: string): string | null {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return imageRoute(src, origin) === "direct" ? src.trim() : null;
}

function shownNow(client: ChatClient | null, src: string): string | null | undefined {
  return client ? client.images.peek(src) : withoutClient(src);
}

/**
 * The URL to show for `src`, or null — nothing to show, still loading, or failed — when the
 * caller shows its fallback (initials).
 */
export function useImageURL(src: string): string | null {
  const client = useOptionalChatClient();
  const now = shownNow(client, src);
  const [loaded, setLoaded] = useState<{ src: string; url: string | null } | null>(null);
  const mustLoad = now === undefined;
  useEffect(() => {
    if (!mustLoad || !client) return;
    let live = true;
    client.images.load(src).then(
      (url) => live && setLoaded({ src, url }),
      () => live && setLoaded({ src, url: null }),
    );
    return () => {
      live = false;
    };
  }, [client, src, mustLoad]);
  if (now !== undefined) return now;
  return loaded?.src === src ? loaded.url : null;
}
