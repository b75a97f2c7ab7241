import type { ThemeName } from '../spec.ts';
import type { Theme } from './theme.ts';
import { dark } from './dark.ts';
import { light } from './light.ts';
import { lightBlue } from './light-blue.ts';
import { lightMono } from './light-mono.ts';
import { darkBlue } from './dark-blue.ts';
import { darkMono } from './dark-mono.ts';
import { satellite } from './satellite.ts';
import { terrain } from './terrain.ts';
import { minimal } from './minimal.ts';
import { contrast } from './contrast.ts';

export const themes: Record<ThemeName, Theme> = {
  dark,
  light,
  'light-blue': lightBlue,
  'light-mono': lightMono,
  'dark-blue': darkBlue,
  'dark-mono': darkMono,
  satellite,
  terrain,
  minimal,
  contrast,
};
