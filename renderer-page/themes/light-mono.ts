import type { Theme } from './theme.ts';

// Greyscale print: white paper, a grey ramp, the chrome in greys only; diverging and categories allow a whisper of hue.
export const lightMono: Theme = {
  background: '#ffffff',
  water: '#e8e8e8',
  land: '#e3e3e3',
  noData: '#d5d5d5',
  border: '#ffffff',
  text: '#1a1a1a',
  textMuted: '#686868',
  highlight: '#333333',
  panel: '#ffffff',
  sequential: ['#b8b8b8', '#969696', '#737373', '#4d4d4d', '#252525'],
  diverging: ['#3d4a5e', '#9aa3b0', '#f4f4f4', '#b8aa96', '#5e4c36'],
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
  ],
};
