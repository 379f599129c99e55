/** The form-level error: announced when it appears, focusable so focus can be moved to it. */
export function FormAlert({ message }: { message: string }) {
  return (
    <div className="form-alert" role="alert" tabIndex={-1}>
      <svg
        className="form-alert__icon"
        viewBox="0 0 20 20"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 5.5v5.5M10 13.5v1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="form-alert__text">{message}</p>
    </div>
  );
}
