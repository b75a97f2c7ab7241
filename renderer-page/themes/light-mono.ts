import type { Theme } from './theme.ts';

// Greyscale print: white paper, a grey ramp, the chrome in greys only; diverging and categories allow a whisper of hue.
export const lightMono: Theme = {
  background: '#ffffff',
  water: '#e8e8e8',
  land: '#e3e3e3',
  noData: '#b3b3b3',
  border: '#ffffff',
  text: '#1a1a1a',
  textMuted: '#686868',
  highlight: '#333333',
  panel: '#ffffff',
  sequential: ['#9c9c9c', '#7d7d7d', '#5e5e5e', '#404040', '#222222'],
  diverging: ['#3d4a5e', '#9aa3b0', '#cccccc', '#b8aa96', '#5e4c36'],
  categorical: [
    '#332288',
    '#88ccee',
    '#44aa99',
    '#117733',
    '#999933',
    '#ddcc77',
    '#cc6677',
    '#882255',
    '#aa4499',
    '#5e4c36',
    '#9999ff',
    '#992200',
  ],
};
