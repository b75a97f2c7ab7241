import type { Theme } from './theme.ts';

// Cool paper with blue-tinted water; one blue ramp for data, warm grey for no data so it never reads as a class.
export const lightBlue: Theme = {
  background: '#f7f9fc',
  water: '#e1ecf7',
  land: '#eceff3',
  noData: '#b8b6b0',
  border: '#ffffff',
  text: '#13243a',
  textMuted: '#566479',
  highlight: '#f28c28',
  panel: '#ffffff',
  sequential: ['#6fa3d6', '#4a86c2', '#2d68a6', '#1a4d85', '#0a2f5c'],
  diverging: ['#1f5fa8', '#8fb8e0', '#cfd1d4', '#f2b27a', '#b9520c'],
  categorical: [
    '#4477aa',
    '#e6575f',
    '#227e2a',
    '#dbc248',
    '#66ccee',
    '#9f2e78',
    '#332288',
    '#ef7b30',
    '#23a993',
    '#aa00ff',
    '#bb88ff',
    '#ffaa88',
  ],
};
