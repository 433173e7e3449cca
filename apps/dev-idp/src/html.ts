const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** One small self-contained page (no outside fonts or scripts), readable in light and dark. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · Demo IdP</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:Canvas;color:CanvasText}
main{max-width:22rem;margin:0 auto}
h1{font-size:1.4rem}
label{display:block;margin:.8rem 0 .3rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.65rem;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#c62828;font-weight:600}
.hint{font-size:.85rem;opacity:.8}
code{font-size:.85rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
