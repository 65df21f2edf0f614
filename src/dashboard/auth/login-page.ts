/**
 * The sign-in page of AUTH_METHOD=forms (DESIGN.md 3.9): one labelled field for the dashboard API
 * key. Plain escaped HTML with no script, styled inline, so it works before any page asset loads;
 * the dashboard's pages take over its look.
 */
export function renderLoginPage(options: { next: string; error?: string }): string {
  const error = options.error ? `<p role="alert" class="error">${escapeHtml(options.error)}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · dht-indexer</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2330;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;padding:2rem 2.25rem;border-radius:10px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:min(22rem,90vw)}
h1{font-size:1.35rem;margin:0 0 1.25rem}
label{display:block;font-weight:600;margin-bottom:.35rem}
input{width:100%;box-sizing:border-box;padding:.55rem .6rem;font:inherit;border:1px solid #b9c0cc;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.6rem;font:inherit;font-weight:600;color:#fff;background:#2f5bd3;border:0;border-radius:6px;cursor:pointer}
.error{color:#a4161a;background:#fdecec;padding:.5rem .65rem;border-radius:6px}
</style>
</head>
<body>
<main>
<h1>Sign in</h1>
${error}
<form method="post" action="/login">
<input type="hidden" name="next" value="${escapeHtml(options.next)}">
<label for="api_key">Dashboard API key</label>
<input id="api_key" name="api_key" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
