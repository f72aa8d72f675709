import { html } from 'hono/html';

/**
 * What a page answers while the database is unavailable and no copy of it is kept: a page that
 * says so and when to come back (the 503 carries Retry-After). Self-contained: it loads nothing.
 */
export function unavailablePage(message: string) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Up2 is back in a moment</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#f9fafb;color:#111827}
main{max-width:28rem;padding:2rem;text-align:center}
h1{color:#6d28d9;font-size:1.5rem}
a{color:#6d28d9}
</style>
</head>
<body>
<main>
<h1>Up2 is back in a moment</h1>
<p>${message}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>`;
}
