// Renders the docs' pictures through the real service and rewrites the README's gallery from the
// fixtures and its configuration table from server/config.ts, so none goes stale: `npm run docs`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurationTable, readConfig } from '../server/config.ts';
import { startService } from '../server/service.ts';
import { THEMES } from '../shared/lists.ts';
import { fixtures, type Fixture } from '../renderer-page/preview/gallery-maps.ts';

const SAMPLE = 'data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95,FR:40,GB:55,JP:90,AU:30,ZA:20,AR:45,CA:110';
const images = fileURLToPath(new URL('./images/', import.meta.url));
const readme = fileURLToPath(new URL('../README.md', import.meta.url));
/** A PDF map, pictured as a viewer shows its page: rasterised by poppler's pdftoppm at 96 dpi, 1 px a px. */
const PDF_PAGE =
  '/map.pdf?scope=europe&theme=light&width=640&data=DE:95,FR:40,IT:60,ES:30,PL:20,RO:12,NL:25,SE:14' +
  '&title=Exports+by+country&subtitle=A+PDF+page,+text+kept+as+text&legendTitle=bn+EUR';

/** The fixture as a PNG request. */
function pngRequest(fixture: Fixture): [string, RequestInit?] {
  if (fixture.query) return [`/map.png?${fixture.query}`];
  const body = JSON.stringify({ ...fixture.body, format: 'png' });
  return ['/render/map', { method: 'POST', headers: { 'content-type': 'application/json' }, body }];
}

function galleryMarkdown(): string {
  const cell = (f: Fixture) =>
    `**${f.title}**<br>![${f.id}](docs/images/${f.id}.png)<br>` +
    (f.query
      ? `<code>/map.svg?${f.query.replace(/&/g, '&amp;')}</code>`
      : '`POST /render/map`, see renderer-page/preview/gallery-maps.json');
  const rows: string[] = [];
  for (let i = 0; i < fixtures.length; i += 2)
    rows.push(
      `| ${fixtures
        .slice(i, i + 2)
        .map(cell)
        .join(' | ')} |`,
    );
  return ['| | |', '|---|---|', ...rows].join('\n');
}

mkdirSync(images, { recursive: true });
const pictures: Array<[string, [string, RequestInit?]]> = [
  ...THEMES.map((theme): [string, [string]] => [
    `theme-${theme}`,
    [`/map.png?scope=world&theme=${theme}&${SAMPLE}&width=480&title=${theme}&legendTitle=Sample`],
  ]),
  ...fixtures.map((f): [string, [string, RequestInit?]] => [f.id, pngRequest(f)]),
];
const service = await startService({ ...readConfig(), port: 0, host: '127.0.0.1', logLevel: 'warn' });
await service.ready;
try {
  for (const [name, [path, init]] of pictures) {
    const response = await fetch(service.url + path, init);
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    writeFileSync(`${images}${name}.png`, Buffer.from(await response.arrayBuffer()));
    console.log(`docs/images/${name}.png`);
  }
  const pdf = await fetch(service.url + PDF_PAGE);
  if (!pdf.ok) throw new Error(`pdf-page: ${pdf.status} ${await pdf.text()}`);
  const dir = mkdtempSync(join(tmpdir(), 'map-docs-'));
  try {
    writeFileSync(join(dir, 'page.pdf'), Buffer.from(await pdf.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', join(dir, 'page.pdf'), `${images}pdf-page`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('docs/images/pdf-page.png (pdftoppm)');
} finally {
  await service.close();
}
let text = readFileSync(readme, 'utf8');
for (const [name, markdown] of [
  ['gallery', galleryMarkdown()],
  ['config', configurationTable()],
] as const) {
  const marked = new RegExp(`(<!-- ${name} -->)[\\s\\S]*?(<!-- \\/${name} -->)`);
  if (!marked.test(text)) throw new Error(`README.md has no <!-- ${name} --> … <!-- /${name} --> section`);
  text = text.replace(marked, (_, open: string, close: string) => `${open}\n${markdown}\n${close}`);
}
writeFileSync(readme, text);
console.log('README.md: gallery and configuration table rewritten');
