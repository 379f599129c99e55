import { useState } from "react";
import { useImageURL } from "../chat/use-image-url";
import { colourIndex, initials } from "../lib/initials";

const COLOURS = 6;

interface AvatarProps {
  name: string;
  image: string;
  /** Keeps the colour stable for a user; defaults to the name. */
  colourKey?: string;
  size?: "xs" | "sm" | "md";
}

/**
 * A round avatar: the picture when there is one that loads, otherwise the initials (also while it
 * loads). An external picture comes through the server's image proxy (useImageURL). Decorative.
 */
export function Avatar({ name, image, colourKey = name, size = "md" }: AvatarProps) {
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
