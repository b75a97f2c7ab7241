// The 30 marker icons (DECISIONS.md §4) as SVG path data in one 24×24 box, filled glyphs of one weight.
// Glyphs: Material Design Icons by Pictogrammers (npm `@mdi/js` 7.4, icons under the Apache License 2.0,
// https://pictogrammers.com/docs/general/license/), imported by name so the bundle keeps only these;
// `fist` (which the set lacks) is drawn here in the same style and box.
import {
  mdiAirplane,
  mdiAlert,
  mdiAnchor,
  mdiBicycle,
  mdiBomb,
  mdiBullhorn,
  mdiCar,
  mdiCircle,
  mdiFactory,
  mdiFerry,
  mdiFire,
  mdiFlag,
  mdiFlash,
  mdiHelicopter,
  mdiHome,
  mdiHospitalBox,
  mdiHuman,
  mdiImageFilterHdr,
  mdiMapMarker,
  mdiOfficeBuilding,
  mdiPlusThick,
  mdiShieldStar,
  mdiSoccer,
  mdiSquare,
  mdiStar,
  mdiTank,
  mdiTrain,
  mdiTriangle,
  mdiTruck,
} from '@mdi/js';
import type { MarkerIcon } from '../spec.ts';

/** A raised fist: four curled fingers, the thumb across them, the wrist below. */
const FIST =
  'M5.2,5.9A1.4,1.4 0 0,1 6.6,4.5A1.4,1.4 0 0,1 8,5.9V8.6A1.4,1.4 0 0,1 6.6,10A1.4,1.4 0 0,1 5.2,8.6Z' +
  'M8.8,4.9A1.4,1.4 0 0,1 10.2,3.5A1.4,1.4 0 0,1 11.6,4.9V8.6A1.4,1.4 0 0,1 10.2,10A1.4,1.4 0 0,1 8.8,8.6Z' +
  'M12.4,4.9A1.4,1.4 0 0,1 13.8,3.5A1.4,1.4 0 0,1 15.2,4.9V8.6A1.4,1.4 0 0,1 13.8,10A1.4,1.4 0 0,1 12.4,8.6Z' +
  'M16,5.9A1.4,1.4 0 0,1 17.4,4.5A1.4,1.4 0 0,1 18.8,5.9V8.6A1.4,1.4 0 0,1 17.4,10A1.4,1.4 0 0,1 16,8.6Z' +
  'M6.6,10.8H11.8A1.4,1.4 0 0,1 13.2,12.2A1.4,1.4 0 0,1 11.8,13.6H6.6A1.4,1.4 0 0,1 5.2,12.2A1.4,1.4 0 0,1 6.6,10.8Z' +
  'M14,10.8H17.4A1.4,1.4 0 0,1 18.8,12.2V15.6C18.8,16.7 18,17.5 16.8,17.8L16,18V22H8V18L7.2,17.8' +
  'C6,17.5 5.2,16.7 5.2,15.6V14.4H14Z';

export const ICON_PATHS: Readonly<Record<MarkerIcon, string>> = {
  dot: mdiCircle,
  square: mdiSquare,
  triangle: mdiTriangle,
  cross: mdiPlusThick,
  star: mdiStar,
  pin: mdiMapMarker,
  flag: mdiFlag,
  airport: mdiAirplane,
  anchor: mdiAnchor,
  car: mdiCar,
  bicycle: mdiBicycle,
  helicopter: mdiHelicopter,
  ship: mdiFerry,
  train: mdiTrain,
  truck: mdiTruck,
  house: mdiHome,
  building: mdiOfficeBuilding,
  factory: mdiFactory,
  hospital: mdiHospitalBox,
  tank: mdiTank,
  base: mdiShieldStar,
  bomb: mdiBomb,
  fist: FIST,
  'soccer-ball': mdiSoccer,
  megaphone: mdiBullhorn,
  mountain: mdiImageFilterHdr,
  fire: mdiFire,
  lightning: mdiFlash,
  warning: mdiAlert,
  person: mdiHuman,
};

/** The point of the 24×24 box that sits on the marker's coordinate: the pin's tip, else the centre. */
export function iconAnchor(icon: MarkerIcon): [number, number] {
  return icon === 'pin' ? [12, 22] : [12, 12];
}

export const ICON_BOX = 24;
