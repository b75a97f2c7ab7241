import type { Theme } from './theme.ts';

// Deep navy canvas; the data ramp climbs from dim teal to bright yellow so strong values glow.
export const dark: Theme = {
  background: '#0b1220',
  water: '#0f1a2e',
  land: '#1c2537',
  noData: '#2b3548',
  border: '#0b1220',
  text: '#e5e9f0',
  textMuted: '#94a3b8',
  highlight: '#f59e0b',
  panel: '#0b1220',
  sequential: ['#39677c', '#1f7a7a', '#3ba272', '#9bc53d', '#f4e04d'],
  diverging: ['#3b82f6', '#7aa7f0', '#44506a', '#f29a76', '#ef4444'],
  // Okabe-Ito, then four more that stay apart from them on a dark canvas
  categorical: [
    '#e69f00',
    '#56b4e9',
    '#009e73',
    '#f0e442',
    '#0072b2',
    '#d55e00',
    '#cc79a7',
    '#f5f5f5',
    '#bef264',
    '#a78bfa',
    '#aa22ff',
    '#00ff99',
  ],
};
