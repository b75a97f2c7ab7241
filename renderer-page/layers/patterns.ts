// Fill patterns (8×8 user units), defined once per pattern, background and foreground used.
import type { PatternName } from '../spec.ts';
import { el } from '../svg.ts';
import type { MapDocument, MapElement } from '../map-document.ts';
import { hcl } from 'd3';

type TiledPattern = Exclude<PatternName, 'solid-outline'>;

/** What each pattern draws over its background, in the foreground colour. */
function tile(doc: MapDocument, name: TiledPattern, ink: string): MapElement[] {
  const lines = (d: string, width: number) => [
    el(doc, 'path', { d, stroke: ink, 'stroke-width': width, fill: 'none' }),
  ];
  switch (name) {
    case 'stripes':
      return lines('M0,2H8M0,6H8', 1.5);
    case 'stripes-diagonal':
      return lines('M-2,2L2,-2M0,8L8,0M6,10L10,6', 1.5);
    case 'crosshatch':
      return lines('M0,0L8,8M8,0L0,8', 1);
    case 'dots':
      return [
        el(doc, 'circle', { cx: 2, cy: 2, r: 1.3, fill: ink }),
        el(doc, 'circle', { cx: 6, cy: 6, r: 1.3, fill: ink }),
      ];
  }
}

/** Dark ink on light fills, light ink on dark ones, so a pattern without a colour of its own shows. */
export function inkFor(background: string): string {
  return hcl(background).l > 60 ? '#1f2933' : '#f5f7fa';
}

export class PatternDefs {
  private readonly ids = new Map<string, string>();
  private readonly defs: MapElement;

  constructor(private readonly doc: MapDocument) {
    this.defs = el(doc, 'defs');
  }

  /** `url(#pattern-N)` for the pattern over `background` drawn in `foreground`. */
  fill(name: TiledPattern, background: string, foreground: string): string {
    const key = `${name}|${background}|${foreground}`;
    let id = this.ids.get(key);
    if (!id) {
      id = `pattern-${this.ids.size}`;
      this.ids.set(key, id);
      const pattern = el(this.doc, 'pattern', {
        id,
        patternUnits: 'userSpaceOnUse',
        width: 8,
        height: 8,
        'data-pattern': name,
      });
      pattern.appendChild(el(this.doc, 'rect', { width: 8, height: 8, fill: background, stroke: 'none' }));
      for (const mark of tile(this.doc, name, foreground)) pattern.appendChild(mark);
      this.defs.appendChild(pattern);
    }
    return `url(#${id})`;
  }

  /** The `<defs>` holding every pattern used, or null when none was. */
  element(): MapElement | null {
    return this.ids.size ? this.defs : null;
  }
}
