import type { Theme } from './theme.ts';

// Cool paper with blue-tinted water; one blue ramp for data, warm grey for no data so it never reads as a class.
export const lightBlue: Theme = {
  background: '#f7f9fc',
  water: '#e1ecf7',
  land: '#eceff3',
  noData: '#d8d5cf',
  border: '#ffffff',
  text: '#13243a',
  textMuted: '#566479',
  highlight: '#f28c28',
  panel: '#ffffff',
  sequential: ['#bcd6ef', '#86b5e0', '#4f8fcb', '#22629f', '#0d3a6e'],
  diverging: ['#1f5fa8', '#8fb8e0', '#ebedf0', '#f2b27a', '#b9520c'],
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
    '#777372',
  ],
};
