import type { Theme } from './theme.ts';

// Parchment atlas: beige ground, soft blue sea, a hypsometric ramp from lowland green to highland brown.
export const terrain: Theme = {
  background: '#f4efe1',
  water: '#cfe3ee',
  land: '#e8dfc8',
  noData: '#b7ac93',
  border: '#a89878',
  text: '#3b2f20',
  textMuted: '#76684f',
  highlight: '#c0392b',
  panel: '#faf6ea',
  sequential: ['#84a05a', '#8f8c48', '#8c6c36', '#744a26', '#55331c'],
  diverging: ['#8c510a', '#d8b365', '#c9c4b6', '#5ab4ac', '#01665e'],
  categorical: [
    '#b8651d',
    '#538956',
    '#3d4c80',
    '#8c3b44',
    '#deae2f',
    '#50998b',
    '#7d56a5',
    '#9aa84a',
    '#d098af',
    '#4d3925',
    '#cc00ff',
    '#00ccff',
  ],
};
