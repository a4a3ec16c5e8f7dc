import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import { loadConfig } from '../../../src/config/config.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { errorHandler, notFound } from '../../../src/http/middleware/errorHandler.js';
import { requestId } from '../../../src/http/middleware/requestId.js';
import { pageRoutes } from '../../../src/http/routes/pages.js';
import { tempDir } from '../../support/tempDir.js';

/** The page routes alone, on a folder of built pages made here, as the app mounts them. */
const servePages = async (webDir: string, env: Record<string, string> = {}) => {
  const app = express();
  app.use(requestId());
  app.use(pageRoutes({ config: loadConfig(env) }, webDir));
  app.use(notFound());
  app.use(errorHandler(silentLogger()));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const builtPages = (root: string) => {
  for (const page of ['portal', 'console']) {
    mkdirSync(join(root, page, 'assets'), { recursive: true });
    writeFileSync(join(root, page, 'index.html'), `<!doctype html><title>${page}</title>`);
    writeFileSync(join(root, page, 'assets', 'index-AbC123.js'), `console.log('${page}')`);
  }
  return root;
};

describe('the web pages', () => {
  const dir = tempDir();
  after(() => dir.remove());

  it('serves each page never cached, and its hashed assets cached for good', async () => {
    const pages = await servePages(builtPages(join(dir.path, 'built')));
    try {
      for (const page of ['portal', 'console']) {
        const index = await fetch(`${pages.url}/${page}`);
        expect(index.status).to.equal(200);
        expect(index.headers.get('content-type')).to.match(/^text\/html/);
        expect(index.headers.get('cache-control')).to.equal('no-cache');
        expect(await index.text()).to.include(`<title>${page}</title>`);
        const asset = await fetch(`${pages.url}/${page}/assets/index-AbC123.js`);
        expect(asset.status).to.equal(200);
        expect(asset.headers.get('content-type')).to.match(/javascript/);
        expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
        expect(await asset.text()).to.include(page);
        const missing = await fetch(`${pages.url}/${page}/assets/nothing.js`);
        expect(missing.status).to.equal(404);
        expect(missing.headers.get('content-type')).to.match(/^application\/problem\+json/);
      }
    } finally {
      await pages.close();
    }
  });

  it('sends a strict policy: no inline scripts, no referrer, framed only as configured', async () => {
    const pages = await servePages(builtPages(join(dir.path, 'framed')), {
      SLUICE_PORTAL_FRAME_ANCESTORS: "'self' https://platform.example",
    });
    try {
      const portal = await fetch(`${pages.url}/portal`);
      const console_ = await fetch(`${pages.url}/console/assets/index-AbC123.js`);
      for (const res of [portal, console_]) {
        const csp = res.headers.get('content-security-policy')!;
        expect(csp).to.include("default-src 'self'");
        expect(csp).to.include("script-src 'self';");
        expect(csp).to.not.include('unsafe-inline');
        expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
        expect(res.headers.get('referrer-policy')).to.equal('no-referrer');
      }
      expect(portal.headers.get('content-security-policy')).to.include(
        "frame-ancestors 'self' https://platform.example",
      );
      expect(console_.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
    } finally {
      await pages.close();
    }
  });

  it('frames the portal only from its own origin by default', async () => {
    const pages = await servePages(builtPages(join(dir.path, 'default')));
    try {
      const portal = await fetch(`${pages.url}/portal/`);
      expect(portal.headers.get('content-security-policy')).to.include("frame-ancestors 'self'");
    } finally {
      await pages.close();
    }
  });

  it('refuses a frame-ancestors list that would end the policy', () => {
    expect(() => loadConfig({ SLUICE_PORTAL_FRAME_ANCESTORS: "'self'; script-src *" })).to.throw(
      /SLUICE_PORTAL_FRAME_ANCESTORS/,
    );
  });

  it('answers 503 saying to build when the pages are not built', async () => {
    const pages = await servePages(join(dir.path, 'never-built'));
    try {
      for (const path of ['/portal', '/console', '/portal/assets/index-AbC123.js']) {
        const res = await fetch(`${pages.url}${path}`);
        expect(res.status, path).to.equal(503);
        expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect(((await res.json()) as { detail: string }).detail).to.include('npm run build');
      }
    } finally {
      await pages.close();
    }
  });
});
