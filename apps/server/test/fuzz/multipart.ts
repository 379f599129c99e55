/**
 * A raw multipart/form-data body, built by hand so that file names and types reach the server
 * byte for byte. `kind`: one file, none (a text field only), two files, a field before the
 * file, a body cut short, or an RFC 5987 `filename*`.
 */
export function multipart(
  kind: string,
  name: string,
  type: string,
  size: number,
): { body: Buffer; boundary: string } {
  const boundary = "----parleyfuzzboundary";
  const data = Buffer.alloc(size, 0x41);
  const file = (partName: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${partName}"; ${kind === "star" ? `filename*=UTF-8''${percentEncode(name)}` : `filename="${name}"`}\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    ]);
  const field = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const parts: Buffer[] = [];
  if (kind === "none") parts.push(field, end);
  else if (kind === "two") parts.push(file("file"), file("file2"), end);
  else if (kind === "field") parts.push(field, file("file"), end);
  else if (kind === "broken") parts.push(file("file").subarray(0, 40));
  else parts.push(file("file"), end);
  return { body: Buffer.concat(parts), boundary };
}

/** RFC 5987 percent-encoding of the UTF-8 bytes (a lone surrogate becomes U+FFFD, as on the wire). */
function percentEncode(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}
