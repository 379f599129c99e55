/** An email ready for the transport: both bodies and any extra headers. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
