import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the pages are built: dist/web, or a folder of its own for a build beside another. */
const outRoot = process.env.SLUICE_WEB_BUILD_DIR ?? here('../../dist/web');

/**
 * The portal and the console, each an index.html with its hashed assets, built into
 * dist/web/portal and dist/web/console. Vite builds one base path at a time, so each page is a
 * build of its own: `vite build --config src/web/vite.config.ts --mode portal` (or `console`).
 */
export default defineConfig(({ mode }) => {
  if (mode !== 'portal' && mode !== 'console')
    throw new Error(`Build a page: --mode portal or --mode console (not ${mode}).`);
  const page = mode;
  return {
    root: here(`./${page}`),
    base: `/${page}/`,
    plugins: [preact()],
    publicDir: false,
    envDir: false,
    build: {
      outDir: `${outRoot}/${page}`,
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: true,
    },
  };
});
