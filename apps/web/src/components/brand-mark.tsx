import "../styles/brand.css";

/** The Parley mark: a speech bubble in the accent colour. Decorative. */
export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#1a73e8" />
      <path
        d="M9 9h11a4 4 0 0 1 4 4v5a4 4 0 0 1-4 4h-6l-5 4v-4a4 4 0 0 1-4-4v-5a4 4 0 0 1 4-4z"
        fill="#fff"
      />
    </svg>
  );
}
