import type { Theme } from './theme.ts';

// Parchment atlas: beige ground, soft blue sea, a hypsometric ramp from lowland green to highland brown.
export const terrain: Theme = {
  background: '#f4efe1',
  water: '#cfe3ee',
  land: '#e8dfc8',
  noData: '#d5cab0',
  border: '#a89878',
  text: '#3b2f20',
  textMuted: '#76684f',
  highlight: '#c0392b',
  panel: '#faf6ea',
  sequential: ['#d3e7ab', '#a8c97d', '#a3a157', '#a4753c', '#7a4c2b'],
  diverging: ['#8c510a', '#d8b365', '#fcfaf4', '#5ab4ac', '#01665e'],
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
  ],
};
