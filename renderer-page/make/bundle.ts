// Bundles the renderer for the browser: renderer-page/dist/renderer.js, an IIFE setting window.renderMap,
// and the preview page's own script, dist/preview.js; first the font table they inline, dist/font-metrics.json.
// Readable (not minified) so a developer can step through it on the preview page, with source maps beside the
// bundles (renderer.js.map, preview.js.map) rather than inside: every SVG thread and pool page evaluates
// renderer.js and keeps its text, and the map is five times the code.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { writeFontMetrics } from './font-metrics.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const bytes = writeFontMetrics(here('../dist/font-metrics.json'));
console.log(`renderer: wrote renderer-page/dist/font-metrics.json (${bytes} bytes)`);

await build({
  entryPoints: { renderer: here('../index.ts'), preview: here('../preview/preview.ts') },
  outdir: here('../dist'),
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('renderer: bundled renderer-page/dist/renderer.js and preview.js');
