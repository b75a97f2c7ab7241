import type { Theme } from './theme.ts';

// Near-black screen; values climb from dim grey to white, the chrome in greys only.
export const darkMono: Theme = {
  background: '#0d0d0d',
  water: '#141414',
  land: '#1f1f1f',
  noData: '#333333',
  border: '#0d0d0d',
  text: '#ededed',
  textMuted: '#9a9a9a',
  highlight: '#f5f5f5',
  panel: '#141414',
  sequential: ['#5c5c5c', '#7a7a7a', '#9a9a9a', '#c4c4c4', '#f2f2f2'],
  diverging: ['#9fb3d1', '#56647c', '#4a4a4a', '#7a6a54', '#d1b48f'],
  categorical: [
    '#7e8bbc',
    '#d0944a',
    '#89ba92',
    '#b37079',
    '#b79de3',
    '#85cfdd',
    '#b3916f',
    '#d8c76e',
    '#e0e0e0',
    '#e69fb6',
    '#0088ff',
    '#bb3388',
  ],
};
