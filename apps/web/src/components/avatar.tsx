import { useState } from "react";
import { useImageURL } from "../chat/use-image-url";
import { colourIndex, initials } from "../lib/initials";
import { PresenceDot } from "./presence-dot";

const COLOURS = 6;

type AvatarSize = "xs" | "sm" | "md";

interface AvatarProps {
  name: string;
  image: string;
  /** Keeps the colour stable for a user; defaults to the name. */
  colourKey?: string;
  size?: AvatarSize;
  /** Shows the person's presence as a dot on the avatar (a named image); absent: no dot. */
  online?: boolean | undefined;
}

/**
 * A round avatar: the picture when there is one that loads, otherwise the initials (also while it
 * loads). An external picture comes through the server's image proxy (useImageURL). Decorative,
 * but for the presence dot when `online` is given.
 */
export function Avatar({ online, size = "md", ...picture }: AvatarProps) {
  if (online === undefined) return <AvatarPicture size={size} {...picture} />;
  return (
    <span className={`avatar-with-presence avatar-with-presence--${size}`}>
      <AvatarPicture size={size} {...picture} />
      <PresenceDot online={online} />
    </span>
  );
}

function AvatarPicture({
  name,
  image,
  colourKey = name,
  size,
}: Omit<AvatarProps, "online"> & { size: AvatarSize }) {
  const src = useImageURL(image);
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const sizeClass = `avatar avatar--${size}`;
  if (src && failedImage !== src) {
    return (
      <img
        className={sizeClass}
        src={src}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailedImage(src)}
      />
    );
  }
  return (
    <span className={`${sizeClass} avatar--c${colourIndex(colourKey, COLOURS)}`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
