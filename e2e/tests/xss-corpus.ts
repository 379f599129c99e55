/**
 * The XSS corpus: ≥ 200 payloads built from templates × the script each one tries to run. A
 * payload that fires shows as a dialog (`alert`) or as a console line containing XSS-FIRED,
 * which the specs listen for. Templates cover script tags, event handlers, javascript: and
 * data: URLs (raw, in markdown links, autolinks, references and images, with case, whitespace,
 * entity and percent tricks), SVG and MathML, markdown and HTML breakouts, template syntax, and
 * unicode direction overrides and invisible characters.
 */
const JS = ["alert(1)", "console.log('XSS-FIRED')", "alert(document.domain)"] as const;
const b64 = (s: string) => Buffer.from(s).toString("base64");

const TEMPLATES: ((js: string) => string)[] = [
  // script tags
  (js) => `<script>${js}</script>`,
  (js) => `<SCRIPT>${js}</SCRIPT>`,
  (js) => `<script src="data:text/javascript,${encodeURIComponent(js)}"></script>`,
  (js) => `<scr<script>ipt>${js}</scr</script>ipt>`,
  (js) => `"><script>${js}</script>`,
  (js) => `'><script>${js}</script>`,
  (js) => `</textarea><script>${js}</script>`,
  (js) => `</title><script>${js}</script>`,
  (js) => `<!--<script>--><script>${js}</script>`,
  // event handlers
  (js) => `<img src=x onerror="${js}">`,
  (js) => `<img src=x onerror=${js.replace(/'/g, "`")}>`,
  (js) => `<img/src="x"/onerror="${js}">`,
  (js) => `<svg onload="${js}">`,
  (js) => `<svg/onload=${js.replace(/'/g, "`")}>`,
  (js) => `<body onload="${js}">`,
  (js) => `<iframe srcdoc="<script>${js}</script>"></iframe>`,
  (js) => `<details open ontoggle="${js}">`,
  (js) => `<video><source onerror="${js}"></video>`,
  (js) => `<audio src=x onerror="${js}">`,
  (js) => `<input autofocus onfocus="${js}">`,
  (js) => `<marquee onstart="${js}">`,
  (js) => `<div onmouseover="${js}" style="position:fixed;inset:0">x</div>`,
  (js) => `<a href="#" onclick="${js}">click</a>`,
  // javascript: URLs
  (js) => `<a href="javascript:${js}">link</a>`,
  (js) => `[click](javascript:${js})`,
  (js) => `[click](JaVaScRiPt:${js})`,
  (js) => `[click](  javascript:${js})`,
  (js) => `[click](java\tscript:${js})`,
  (js) => `[click](&#106;avascript:${js})`,
  (js) => `[click](javascript&#58;${js})`,
  (js) => `[click](%6Aavascript:${js})`,
  (js) => `<javascript:${js}>`,
  (js) => `[click][ref]\n\n[ref]: javascript:${js}`,
  (js) => `![img](javascript:${js})`,
  (js) => `[![img](x)](javascript:${js})`,
  (js) => `<iframe src="javascript:${js}"></iframe>`,
  (js) => `<form action="javascript:${js}"><button>go</button></form>`,
  (js) => `<object data="javascript:${js}"></object>`,
  (js) => `<embed src="javascript:${js}">`,
  (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`,
  // data: URLs
  (js) => `[click](data:text/html;base64,${b64(`<script>${js}</script>`)})`,
  (js) => `[click](data:text/html,<script>${js}</script>)`,
  (js) =>
    `![img](data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${js}"/>`)})`,
  (js) => `<img src="data:image/svg+xml,<svg onload='${js.replace(/'/g, "")}'>">`,
  (js) => `<a href="data:text/html;base64,${b64(`<script>${js}</script>`)}">d</a>`,
  // SVG and MathML
  (js) => `<svg><script>${js}</script></svg>`,
  (js) => `<svg><animate onbegin="${js}" attributeName="x" dur="1s">`,
  (js) => `<svg><a xlink:href="javascript:${js}"><text x="20" y="20">x</text></a></svg>`,
  (js) => `<svg><foreignObject><iframe srcdoc="<script>${js}</script>"></iframe></foreignObject></svg>`,
  (js) => `<math><mtext><table><mglyph><style><img src=x onerror="${js}">`,
  (js) => `<svg><style><img src=x onerror="${js}"></style></svg>`,
  // markdown tricks
  (js) => `[safe](https://example.com "onmouseover=${js}")`,
  (js) => `[https://example.com](javascript:${js})`,
  (js) => `**<img src=x onerror="${js}">**`,
  (js) => `\`\`\`html\n<script>${js}</script>\n\`\`\``,
  (js) => `> <script>${js}</script>`,
  (js) => `| a |\n|---|\n| <img src=x onerror="${js}"> |`,
  (js) => `- [ ] <svg onload="${js}">`,
  (js) => `[a](<javascript:${js}>)`,
  (js) => `[a](javascript://%0a${encodeURIComponent(js)})`,
  // template syntax and breakouts
  (js) => `{{constructor.constructor('${js.replace(/'/g, "\\'")}')()}}`,
  (js) => `\${${js}}`,
  (js) => `<style>@import 'javascript:${js}';</style>`,
  (js) => `<base href="javascript:${js}//">`,
  (js) => `<link rel=stylesheet href="javascript:${js}">`,
  // unicode direction overrides and invisible characters
  (js) => `\u202e<img src=x onerror="${js}">\u202d`,
  (js) => `report\u202egnp.<img src=x onerror="${js}">`,
  (js) => `\u2066<svg onload="${js}">\u2069`,
  (js) => `java\u200bscript:${js}`,
  (js) => `[\u202eclick](javascript:${js})`,
  (js) => `<img src=x one\u0000rror="${js}">`,
];

export const PAYLOADS: string[] = TEMPLATES.flatMap((t) => JS.map((js) => t(js)));

/** Payloads holding a NUL character: the server refuses every such text (400), so none is stored. */
export const REFUSED_PAYLOADS: string[] = PAYLOADS.filter((p) => p.includes("\u0000"));

/** Stored payloads that fit a field of at most `max` characters (after trimming, as the server counts). */
export function fitting(max: number, count = Number.POSITIVE_INFINITY): string[] {
  return PAYLOADS.filter(
    (p) => !REFUSED_PAYLOADS.includes(p) && [...p.trim()].length > 0 && [...p.trim()].length <= max,
  ).slice(0, count);
}

/** Whether a console line or dialog shows a payload ran. */
export const fired = (text: string) => text.includes("XSS-FIRED");
