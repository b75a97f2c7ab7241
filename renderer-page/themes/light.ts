import type { Theme } from './theme.ts';

// White paper; ColorBrewer Blues for data, grey for no data so every filled region reads as data.
export const light: Theme = {
  background: '#ffffff',
  water: '#eef4fa',
  land: '#f1f1ee',
  noData: '#d9dde3',
  border: '#ffffff',
  text: '#1f2933',
  textMuted: '#5f6b7a',
  highlight: '#f59e0b',
  panel: '#ffffff',
  sequential: ['#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c'],
  diverging: ['#2166ac', '#92c5de', '#f7f7f7', '#f4a582', '#b2182b'],
  // Okabe-Ito (colour-blind safe), then two more distinct hues
  categorical: [
    '#e69f00',
    '#56b4e9',
    '#009e73',
    '#ddd000',
    '#0072b2',
    '#d55e00',
    '#cc79a7',
    '#000000',
    '#888888',
    '#882255',
  ],
};
