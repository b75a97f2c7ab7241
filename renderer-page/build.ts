// Bundles the renderer for the browser: renderer-page/dist/renderer.js, an IIFE setting window.renderMap,
// and the preview page's own script, dist/preview.js.
// Readable (not minified) so a developer can step through it on the preview page.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: { renderer: here('./index.ts'), preview: here('./preview/preview.ts') },
  outdir: here('./dist'),
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  sourcemap: 'inline',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('renderer: bundled renderer-page/dist/renderer.js and preview.js');
