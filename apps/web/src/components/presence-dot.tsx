import "./user-status.css";

/**
 * Whether someone is online: a filled green dot, or a hollow ring when offline, so the shape
 * tells it apart and not the colour alone; named for screen readers.
 */
export function PresenceDot({ online }: { online: boolean }) {
  return (
    <span
      className={online ? "presence-dot presence-dot--online" : "presence-dot"}
      role="img"
      aria-label={online ? "online" : "offline"}
      data-testid="presence-dot"
      data-online={online}
    />
  );
}
