import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import type { RequestHandler, Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import type { Services } from '../../services.js';
import { HttpProblem } from '../problem.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'config'>;

/** The built pages: dist/web beside dist/src, wherever the compiled service runs from. */
export const WEB_DIR = fileURLToPath(new URL('../../../web', import.meta.url));

type Page = 'portal' | 'console';

/**
 * Only the page's own files run and load; its scripts are modules from its own origin, and its
 * styles are files Vite emits (the theme is set through the CSS object model, which CSP allows).
 */
const contentSecurityPolicy = (frameAncestors: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

const securityHeaders =
  (frameAncestors: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(frameAncestors));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // The portal's code travels in the URL fragment, which is never sent; send no referrer at all.
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };

const notBuilt = () =>
  new HttpProblem('unavailable', 'The web pages are not built: run npm run build.');

/** One page: its index.html, never cached, and its hashed assets, cached for good. */
const servePage = (router: Router, page: Page, frameAncestors: string, webDir: string) => {
  const folder = join(webDir, page);
  const index = join(folder, 'index.html');
  router.use(`/${page}`, securityHeaders(frameAncestors));
  router.get([`/${page}`, `/${page}/`], (_req, res, next) => {
    if (!existsSync(index)) return next(notBuilt());
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => err && next(err));
  });
  router.use(
    `/${page}/assets`,
    (_req, _res, next) => next(existsSync(folder) ? undefined : notBuilt()),
    express.static(join(folder, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      redirect: false,
      etag: false,
    }),
  );
};

/**
 * The merchant portal at /portal, which the platform may frame (SLUICE_PORTAL_FRAME_ANCESTORS),
 * and the operators' console at /console, which nobody may. Both are open: the pages hold no
 * data, and sign in to the API from the browser.
 */
export const pageRoutes = (services: Needs, webDir: string = WEB_DIR): Router => {
  const router = exactRouter();
  servePage(router, 'portal', services.config.portalFrameAncestors, webDir);
  servePage(router, 'console', "'none'", webDir);
  return router;
};
