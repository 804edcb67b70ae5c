/** Host pages a site owner would write: plain HTML, the pasted script tag, a few buttons. */

export interface PageOptions {
  loaderUrl: string;
  appId: string;
  apiUrl?: string;
  nonce?: string;
  /** Extra markup in <head>, e.g. a hostile stylesheet. */
  head?: string;
}

export function hostPage(o: PageOptions): string {
  const nonceAttr = o.nonce ? ` nonce="${o.nonce}"` : '';
  const dataNonce = o.nonce ? ` data-nonce="${o.nonce}"` : '';
  const apiUrl = o.apiUrl ? ` data-api-url="${o.apiUrl}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Host page</title>
${o.head ?? ''}
<script${nonceAttr} src="${o.loaderUrl}" data-app-id="${o.appId}"${apiUrl}${dataNonce} async></script>
<script${nonceAttr}>
  window.seen = [];
  for (const name of ['login:success', 'login:error', 'logout', 'link:success', 'link:error']) {
    window.addEventListener(name, (e) => window.seen.push({ name, detail: e.detail }));
  }
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('login').addEventListener('click', () => window.LoginWidget.login());
    document.getElementById('logout').addEventListener('click', () => window.LoginWidget.logout());
    document.getElementById('counter').addEventListener('click', (e) => {
      e.target.textContent = String(Number(e.target.textContent) + 1);
    });
  });
</script>
</head>
<body>
<h1>My site</h1>
<button id="login">Log in</button>
<button id="logout">Log out</button>
<button id="counter">0</button>
</body>
</html>`;
}
