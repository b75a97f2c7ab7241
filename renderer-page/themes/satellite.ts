import type { Theme } from './theme.ts';

// Night imagery: deep ocean, dark olive ground, data burning from ember red to hot yellow.
export const satellite: Theme = {
  background: '#07090c',
  water: '#0b2545',
  land: '#2a2b1c',
  noData: '#4c4934',
  border: '#8a8468',
  text: '#f2efe6',
  textMuted: '#b5ad98',
  highlight: '#38e0ff',
  panel: '#0f1410',
  sequential: ['#a23223', '#c43e16', '#e8741f', '#f9ae3d', '#fde68a'],
  diverging: ['#b78bff', '#6f5a9a', '#383830', '#5d8a3a', '#a6e05a'],
  categorical: [
    '#ffb000',
    '#6bb6f0',
    '#0db785',
    '#f2e748',
    '#ff6e54',
    '#c378ab',
    '#ffffff',
    '#ac8cff',
    '#317df1',
    '#fea2d3',
    '#557711',
    '#aaff88',
  ],
};
