import { useState } from "react";
import { colourIndex, initials } from "../lib/initials";

const COLOURS = 6;

interface AvatarProps {
  name: string;
  image: string;
  /** Keeps the colour stable for a user; defaults to the name. */
  colourKey?: string;
  size?: "xs" | "sm" | "md";
}

/** A round avatar: the picture when there is one that loads, otherwise the initials. Decorative. */
export function Avatar({ name, image, colourKey = name, size = "md" }: AvatarProps) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const sizeClass = `avatar avatar--${size}`;
  if (image && failedImage !== image) {
    return (
      <img
        className={sizeClass}
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailedImage(image)}
      />
    );
  }
  return (
    <span className={`${sizeClass} avatar--c${colourIndex(colourKey, COLOURS)}`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
