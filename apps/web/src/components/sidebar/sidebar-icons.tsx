/** The sidebar's own small stroke icons (24 × 24 grid, currentColor), decorative like ui/icons. */
const PATHS = {
  hash: "M9 4L7 20M17 4l-2 16M4.5 9h16M3.5 15h16",
  lock: "M6 11h12v9H6v-9zM8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  star: "M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8L12 3.5z",
  pencil: "M4 20h4L19 9l-4-4L4 16v4z",
  muted: "M6 16V11a6 6 0 0 1 9.5-4.9M18 11v5l2 2H8M10 20a2 2 0 0 0 4 0M4 4l16 16",
  chevron: "M8 10l4 4 4-4",
  sort: "M4 6h10M4 12h7M4 18h4M17 6v12M14 15l3 3 3-3",
} as const;

export type SidebarIconName = keyof typeof PATHS;

export function SidebarIcon({
  name,
  size = 16,
  filled = false,
}: {
  name: SidebarIconName;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg
      className={`sidebar-icon sidebar-icon--${name}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
