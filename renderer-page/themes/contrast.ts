import type { Theme } from './theme.ts';

// High contrast for low vision: black canvas, white type, pure saturated fills, black borders that cut every edge.
export const contrast: Theme = {
  background: '#000000',
  water: '#00264d',
  land: '#3d3d3d',
  noData: '#767676',
  border: '#000000',
  text: '#ffffff',
  textMuted: '#d0d0d0',
  highlight: '#ff00ff',
  panel: '#000000',
  sequential: ['#3333ff', '#b300ff', '#ff0080', '#ff8000', '#ffff00'],
  diverging: ['#00b3ff', '#0059b3', '#3b3b3b', '#b35900', '#ffa31a'],
  categorical: [
    '#ffff00',
    '#00e5ff',
    '#ff00ff',
    '#00ff66',
    '#ff8000',
    '#3399ff',
    '#ff0000',
    '#ffffff',
    '#8c1aff',
    '#ff99cc',
    '#ff0077',
    '#bbffbb',
  ],
};
