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
  'markers.png': '/map.png?scope=world&theme=dark&width=640&markers=44.43,26.10:pin:Bucharest%3B52.52,13.40:airport:Berlin%3B38.90,-77.04:flag:Washington:left%3B-33.87,151.21:anchor:Sydney:bottom%3B35.68,139.69:star:Tokyo:top%3B30.04,31.24:10031000001211000000:Unit',
  'routes.png': '/map.png?scope=world&theme=dark&width=640&routes=31.23,121.47%3E51.92,4.48:sea:arrow:%2360a5fa%3B40.71,-74.0%3E35.68,139.69:%23f59e0b:2:dashed:arrow%3BDE%3EBR:%23a3e635:dotted',
  'labels-proportional.png': '/map.png?scope=world&theme=light&width=640&labels=ISO&proportional=US:330,CN:1400,IN:1380,BR:210,NG:220,ID:270,RU:145,JP:125&data=US:200,CN:150,IN:80,BR:60,RU:120,DE:95&legendTitle=GDP',
  'furniture-bbox.png': '/map.png?scope=world&theme=light&width=640&bbox=-12,34,32,60&data=DE:95,FR:40,IT:60,ES:30,PL:20&labels=ISO&graticule=true&northArrow=true&scaleBar=true&logo=true&title=Europe&subtitle=bbox%3D-12,34,32,60',
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
