/**
 * The enrolment's QR code. The server answers it as an SVG document; shown as an image from a
 * data: URL (the app's CSP allows `img-src data:`), so nothing of it runs or styles the page.
 */
export function QrCode({ svg }: { svg: string }) {
  return (
    <img
      className="two-factor-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      width={184}
      height={184}
      data-testid="two-factor-qr"
    />
  );
}
