import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';

/** Where a newcomer goes from the service's root, relative to it so that a proxy's prefix holds. */
export const LANDING_LINKS = {
  console: 'console',
  portal: 'portal',
  docs: 'docs/',
  openapi: 'v1/openapi.json',
  health: 'healthz',
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sluice</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
  code { font-size: 0.95em; }
  li { margin-bottom: 0.75rem; }
</style>
</head>
<body>
<h1>Sluice is running</h1>
<ul>
  <li><a href="${LANDING_LINKS.console}">The operators' console</a>: sign in with an admin or auditor
    key. Started without <code>SLUICE_ADMIN_KEY</code>, the service wrote an admin key to
    <code>admin.key</code> in its data folder (<code>data/admin.key</code> unless
    <code>SLUICE_DATA_DIR</code> says otherwise); its start-up log names the file.</li>
  <li>The merchant portal, at <code>/portal</code>, opens from a link an admin asks for:
    <code>POST /v1/portal/sessions</code>.</li>
  <li><a href="${LANDING_LINKS.docs}">The API reference</a>, and
    <a href="${LANDING_LINKS.openapi}">its OpenAPI document</a>.</li>
  <li><a href="${LANDING_LINKS.health}">Health</a>.</li>
</ul>
</body>
</html>
`;

/** The page is fixed text: nothing but its own inline style runs or loads. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The service's root: a browser gets a page pointing to the console, the portal, the reference
 * and the key file; any other client the same links as JSON. It holds no data, so it is open.
 */
export const landingRoutes = (): Router => {
  const router = exactRouter();
  router.get('/', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept');
    if (req.accepts(['json', 'html']) === 'html') {
      res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.type('html').send(PAGE);
      return;
    }
    res.json({ object: 'service', name: 'sluice', links: LANDING_LINKS });
  });
  return router;
};
