// Renders the pictures the docs show, through the real service: `npm run docs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { startService } from '../server/service.ts';
import { THEMES } from '../server/request/enums.ts';

const SAMPLE = 'data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95,FR:40,GB:55,JP:90,AU:30,ZA:20,AR:45,CA:110';

const pictures: Record<string, string> = {
  ...Object.fromEntries(THEMES.map((theme) => [
    `theme-${theme}.png`, `/map.png?scope=world&theme=${theme}&${SAMPLE}&width=480&title=${theme}&legendTitle=Sample`,
  ])),
  'legend-vertical.png': `/map.png?scope=world&theme=light&${SAMPLE}&width=640&legendTitle=Vertical`,
  'legend-horizontal.png': `/map.png?scope=world&theme=light&${SAMPLE}&width=640&legendLayout=horizontal&legendTitle=Horizontal`,
  'legend-continuous.png': `/map.png?scope=world&theme=light&${SAMPLE}&width=640&legendLayout=continuous&legendTitle=Continuous`,
  'diverging.png': '/map.png?scope=world&theme=light&width=640&colorScale=diverging&legendTitle=%CE%94%25&data=US:5,CA:-3,MX:1,BR:-2,RU:-5,CN:8,IN:-1,AU:3,FR:-4,DE:6',
  'categories-patterns.png': '/map.png?scope=world&theme=dark&width=640&data=US:High,CA:High,BR:Mid,AR:Low,RU:Mid,CN:High,IN:Low,AU:Mid&patterns=BR:stripes,IN:dots,AU:crosshatch,RU:stripes-diagonal,US:solid-outline&legendTitle=Income',
  'romania.png': '/map.png?scope=RO&theme=light&width=640&level=high&title=Romania&data=B:500,CJ:200,IS:150,TM:180,CT:120,BV:110,DJ:60,SV:70&legendTitle=Sample',
};

const out = fileURLToPath(new URL('./images/', import.meta.url));
mkdirSync(out, { recursive: true });
const service = await startService({ ...readConfig(), port: 0, host: '127.0.0.1' });
try {
  for (const [file, path] of Object.entries(pictures)) {
    const response = await fetch(service.url + path);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    writeFileSync(out + file, Buffer.from(await response.arrayBuffer()));
    console.log(`docs/images/${file}`);
  }
} finally {
  await service.close();
}
