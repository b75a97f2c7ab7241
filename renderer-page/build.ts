// Bundles the renderer for the browser: renderer-page/dist/renderer.js, an IIFE setting window.renderMap.
// Readable (not minified) so a developer can step through it on the preview page.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: [here('./index.ts')],
  outfile: here('./dist/renderer.js'),
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  sourcemap: 'inline',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('renderer: bundled renderer-page/dist/renderer.js');
