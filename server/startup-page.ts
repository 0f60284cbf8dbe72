// The page every visitor sees while the server prepares (migrations, demo catalogue): it says
// how far it got and reloads itself every few seconds, with or without JavaScript.
export function startupPage(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>Starting | AI Stock Library</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f9fa; color: #212529">
<main style="max-width: 32rem; padding: 2rem; text-align: center">
<h1 style="font-size: 1.5rem">AI Stock Library</h1>
<p role="status" style="font-size: 1.125rem">${text}&hellip;</p>
<p style="color: #495057">This page refreshes by itself every few seconds.</p>
</main>
</body>
</html>
`
}
