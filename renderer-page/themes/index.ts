import type { ThemeName } from '../spec.ts';
import type { Theme } from './theme.ts';
import { dark } from './dark.ts';
import { light } from './light.ts';

export const themes: Record<ThemeName, Theme> = { dark, light };
