// ESLint with typescript-eslint's recommended rules over all our code (npm run lint, with no warning allowed).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['renderer-page/dist/', 'server/dist/', 'topology/build/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `import { type A }` still loads the module under verbatimModuleSyntax: a types-only import says `import type`
      // (and dependency-cruiser counts both as types only)
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // leaving a key out by destructuring the rest is how we copy an object without it (tsc agrees)
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // our rethrows put the caught error's message into their own, for the operator; a `cause` would have the
      // logger (pino appends causes) and Node print it twice
      'preserve-caught-error': 'off',
    },
  },
  // plain JavaScript (the prepare script, the tools' configs) runs in Node
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { globals: globals.node } },
);
