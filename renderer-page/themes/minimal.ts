import type { Theme } from './theme.ts';

// White page, no sea tint, hairline light borders and a single teal ramp: nothing but the data.
export const minimal: Theme = {
  background: '#ffffff',
  water: '#ffffff',
  land: '#f5f5f5',
  noData: '#e0e0e0',
  border: '#cdcdcd',
  text: '#222222',
  textMuted: '#737373',
  highlight: '#e4572e',
  panel: '#ffffff',
  sequential: ['#72b5b0', '#4a9e9d', '#2a8385', '#17666c', '#0a4a52'],
  diverging: ['#0b6e75', '#8cc9c6', '#c8c5bd', '#e3b38a', '#a6531c'],
  categorical: [
    '#4e79a7',
    '#f28e2b',
    '#f0564b',
    '#6ac1cb',
    '#55a04e',
    '#f2ca48',
    '#b57ba2',
    '#fe9d91',
    '#906d5f',
    '#7700ee',
    '#aa77ff',
    '#990066',
  ],
};
