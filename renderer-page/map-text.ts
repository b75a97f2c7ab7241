// The words and numbers a map writes, in the request's locale: region names (translated where the build has
// them, else the topology's English), data values by `numberFormat`, and the map's own measures readably.
import type { MapSpec } from './spec.ts';
import type { ScopeGeometry } from './geometry/scope-geometry.ts';
import { readableNumbers, valueNumbers, type FormatNumber } from './scales/format-number.ts';

export interface MapText {
  /** a data value: legend edges and ticks, tooltips, labels, the size key, the description */
  value: FormatNumber;
  /** a measure of the map itself (the scale bar's km), which `numberFormat` is not meant for */
  plain: FormatNumber;
  /** a region's name in the locale */
  name(id: string): string;
  /** the scope's name in the locale (`Deutschland`, `World`) */
  place: string;
}

/** `names`: the locale's names by region id, only where they differ from the topology's English. */
export function mapText(spec: MapSpec, geometry: ScopeGeometry, names: ReadonlyMap<string, string>): MapText {
  return {
    value: valueNumbers(spec.numberLocale, spec.numberFormat, spec.valueSuffix),
    plain: readableNumbers(spec.numberLocale),
    name: (id) => names.get(id) ?? geometry.anchors.get(id)?.name ?? id,
    place: names.get(spec.scope) ?? spec.scopeName,
  };
}
