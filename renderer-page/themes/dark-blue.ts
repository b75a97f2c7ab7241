import type { Theme } from './theme.ts';

// Deep navy night; a blue-to-cyan ramp that brightens with the value, amber for highlights.
export const darkBlue: Theme = {
  background: '#0a1628',
  water: '#0e2038',
  land: '#172a44',
  noData: '#243650',
  border: '#0a1628',
  text: '#e6eef8',
  textMuted: '#8fa3bf',
  highlight: '#ffb020',
  panel: '#0d1b30',
  sequential: ['#345b8f', '#1f6fa8', '#1f9bd1', '#48c6e8', '#b0f0fb'],
  diverging: ['#5cb8ff', '#2f6fae', '#3b4a60', '#b86a2e', '#ffa64d'],
  categorical: [
    '#e69f00',
    '#56b4e9',
    '#009e73',
    '#f0e442',
    '#2183f6',
    '#ff6a3d',
    '#cc79a7',
    '#f5f5f5',
    '#b18dff',
    '#7fe0c8',
    '#ee0055',
    '#bbff99',
  ],
};
