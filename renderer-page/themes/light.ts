import type { Theme } from './theme.ts';

// White paper; the darker half of ColorBrewer Blues for data (its palest blues sat on the luminance of no data
// and the sea), grey for no data so every filled region reads as data.
export const light: Theme = {
  background: '#ffffff',
  water: '#eef4fa',
  land: '#f1f1ee',
  noData: '#babec4',
  border: '#ffffff',
  text: '#1f2933',
  textMuted: '#5f6b7a',
  highlight: '#f59e0b',
  panel: '#ffffff',
  sequential: ['#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'],
  diverging: ['#2166ac', '#92c5de', '#d9d9d9', '#f4a582', '#b2182b'],
  // Okabe-Ito (colour-blind safe), then four more distinct hues; no grey, which would read as no data
  categorical: [
    '#e69f00',
    '#56b4e9',
    '#009e73',
    '#ddd000',
    '#0072b2',
    '#d55e00',
    '#cc79a7',
    '#000000',
    '#882255',
    '#8800ff',
    '#664411',
    '#9977ff',
  ],
};
