// The peer: the same world choropleth rendered to SVG with Vega-Lite in-process, the whole way from the
// specification to the SVG text, as a service built on it would do per request.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));

/** Renders `data` (alpha-2 id → value) as a 1200 px naturalEarth1 choropleth with quantile classes. */
export async function vegaLiteSvg(data: Record<string, number>): Promise<string> {
  const values = Object.entries(data).map(([id, value]) => ({ id: countries.alpha2ToNumeric(id), value }));
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 1200,
    height: 620,
    data: { values: topology, format: { type: 'topojson', feature: 'countries' } },
    transform: [{ lookup: 'id', from: { data: { values }, key: 'id', fields: ['value'] }, default: null }],
    projection: { type: 'naturalEarth1' },
    mark: { type: 'geoshape', stroke: '#0b1220', strokeWidth: 0.5 },
    encoding: {
      color: {
        field: 'value',
        type: 'quantitative',
        scale: { type: 'quantile', range: ['#1d4e63', '#1f7a7a', '#3ba272', '#9bc53d', '#f4e04d'] },
      },
    },
  };
  const view = new vega.View(vega.parse(compile(spec as never).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
