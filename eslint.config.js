// Lint config: typescript-eslint's recommended rules plus React hooks and the import boundaries of
// ARCHITECTURE.md; generated output is ignored.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Classic zod (whole-API objects, ~25 KB gzip): code the client bundles builds schemas with src/shared/zod.ts (zod/mini). */
const CLASSIC_ZOD = { name: 'zod', message: 'the client bundles this code: import { z } from src/shared/zod.ts (zod/mini), not classic zod' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'atlases/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  // Import boundaries: shared is isomorphic and imports nothing outside itself; the client never reaches
  // into the server; domain rules and the ledger never depend on the HTTP layer or the socket gateway.
  // Both are bundled for the client, which carries zod/mini only (issue #8's budget).
  boundary('src/shared/**', ['**/client/**', '**/server/**', 'node:*', 'fastify', 'kysely', 'pg', 'better-sqlite3', 'socket.io'], 'src/shared is isomorphic: it imports nothing outside src/shared', [CLASSIC_ZOD]),
  boundary('src/client/**', ['**/server/**'], 'the client never imports server code: share it through src/shared', [CLASSIC_ZOD]),
  libraryFence(),
  boundary('src/server/{domain,ledger,db}/**', ['**/http/**', '**/realtime/**', '**/app', 'fastify'], 'domain, ledger and db code never depends on the HTTP layer or the gateway'),
);

/** A lint block refusing imports matching `patterns` in `files`, with the reason as the message, and the exact `paths`. */
function boundary(files, patterns, message, paths = []) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }], paths }] } };
}

/**
 * The fence for library internals (ARCHITECTURE.md, src/client/engine/README.md, src/server/realtime/README.md):
 * a library's non-public fields (`_`-prefixed) and prototypes are touched only in its fence folder, where
 * the code is pinned to the version it was written for and tested against the real library.
 */
function libraryFence() {
  const where = 'only in a library fence folder (src/client/engine/pixi-internals, src/server/realtime/socketio-internals), version-guarded and tested against the real library';
  return {
    files: ['src/client/**', 'src/server/**', 'scripts/build/**'],
    ignores: ['src/client/engine/pixi-internals/**', 'src/server/realtime/socketio-internals/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // `_nonce` is the product's own wire field; zod/mini's `_default` is its public API.
        { selector: 'MemberExpression[property.name=/^_(?!nonce$|default$)/]', message: `a library's private field: ${where}` },
        { selector: "MemberExpression[property.value=/^_(?!nonce$|default$)/]", message: `a library's private field: ${where}` },
        { selector: "MemberExpression[object.property.name='prototype']", message: `a library's prototype patched or read: ${where}` },
        { selector: 'TSPropertySignature[key.name=/^_(?!nonce$)/]', message: `a library's private field named in a type: ${where}` },
      ],
    },
  };
}
