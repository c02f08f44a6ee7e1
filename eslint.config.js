// Lint config: typescript-eslint's recommended rules plus React hooks and the import boundaries of
// ARCHITECTURE.md; generated output is ignored.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { localPlugin } from './scripts/lint/importCycles.js';

/** Classic zod (whole-API objects, ~25 KB gzip): code the client bundles builds schemas with src/shared/zod.ts (zod/mini). */
const CLASSIC_ZOD = {
  name: 'zod',
  message: 'the client bundles this code: import { z } from src/shared/zod.ts (zod/mini), not classic zod',
};

const SHARED_ALONE = {
  group: ['**/client/**', '**/server/**', 'node:*', 'fastify', 'kysely', 'pg', 'better-sqlite3', 'socket.io'],
  message: 'src/shared is isomorphic: it imports nothing outside src/shared',
};
const CLIENT_NOT_SERVER = { group: ['**/server/**'], message: 'the client never imports server code: share it through src/shared' };
const SERVER_NOT_CLIENT = { group: ['**/client/**'], message: 'the server never imports client code: share it through src/shared' };
const HOME_PLAIN_PIXI = {
  group: ['@pixi/react', '@pixi/react/*'],
  message: "home's stage is plain Pixi: @pixi/react only in declarative scenes off home's path (engine/README.md)",
};
const CORE_NOT_EDGE = {
  group: ['**/http/**', '**/realtime/**', '**/app', '**/app/**', 'fastify'],
  message: 'domain, ledger and db code never depends on the HTTP layer, the gateway or the app wiring',
};
const REALTIME_NOT_HTTP = {
  group: ['**/http/**'],
  message: 'the socket gateway never depends on the HTTP layer: both take the wiring from src/server/app/',
};
const CHAIN_NOT_DOMAIN = {
  group: ['**/domain/**', '**/http/**', '**/realtime/**'],
  message: 'the chain gateway serves the domain and never imports it (domain → chain, one way)',
};
/** Anything but kysely, node:*, the migration's siblings and the migration toolkit (../columns, ../database). */
const MIGRATION_FROZEN = {
  regex: '^(?!kysely$|node:|\\./|\\.\\./(columns|database)$)',
  message: 'a migration is frozen: copy what it needs into it, so it never changes when live code does',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'atlases/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, local: localPlugin },
    rules: {
      // A cycle (type-only imports included) makes two modules one unit that loads in an order no one chose.
      'local/no-import-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'debug'] }],
    },
  },
  // Import boundaries (ARCHITECTURE.md's map): shared is isomorphic and imports nothing outside itself; the
  // client and the server meet only in shared; domain rules and the ledger never depend on the HTTP layer or
  // the socket gateway, which both take the app's wiring from src/server/app/; domain drives the chain
  // gateway, never the reverse; a migration is frozen: it carries what it needs and moves with no live code.
  // Shared and client code is bundled for the client, which carries zod/mini only (issue #8's budget).
  boundary('src/shared/**', [SHARED_ALONE], [CLASSIC_ZOD]),
  boundary('src/client/**', [CLIENT_NOT_SERVER], [CLASSIC_ZOD]),
  boundary('src/client/{app,engine,game/home}/**', [CLIENT_NOT_SERVER, HOME_PLAIN_PIXI], [CLASSIC_ZOD]),
  boundary('src/server/**', [SERVER_NOT_CLIENT]),
  libraryFence(),
  boundary('src/server/{domain,ledger,db}/**', [SERVER_NOT_CLIENT, CORE_NOT_EDGE]),
  boundary('src/server/realtime/**', [SERVER_NOT_CLIENT, REALTIME_NOT_HTTP]),
  boundary('src/server/chain/**', [SERVER_NOT_CLIENT, CHAIN_NOT_DOMAIN]),
  boundary('src/server/db/migrations/**', [SERVER_NOT_CLIENT, CORE_NOT_EDGE, MIGRATION_FROZEN]),
);

/**
 * A lint block refusing, in `files`, imports matching any of `groups` (each with its reason) and the exact
 * `paths`. A later block replaces an earlier one's options for the files both match, so a narrower block
 * repeats the groups of the wider ones.
 */
function boundary(files, groups, paths = []) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: groups, paths }] } };
}

/**
 * The fence for library internals (ARCHITECTURE.md, src/client/engine/README.md, src/server/realtime/README.md):
 * a library's non-public fields (`_`-prefixed) and prototypes are touched only in its fence folder, where
 * the code is pinned to the version it was written for and tested against the real library.
 */
function libraryFence() {
  const where =
    'only in a library fence folder (src/client/engine/pixi-internals, src/server/realtime/socketio-internals), version-guarded and tested against the real library';
  return {
    files: ['src/client/**', 'src/server/**', 'scripts/build/**'],
    ignores: ['src/client/engine/pixi-internals/**', 'src/server/realtime/socketio-internals/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // `_nonce` is the product's own wire field; zod/mini's `_default` is its public API.
        { selector: 'MemberExpression[property.name=/^_(?!nonce$|default$)/]', message: `a library's private field: ${where}` },
        { selector: 'MemberExpression[property.value=/^_(?!nonce$|default$)/]', message: `a library's private field: ${where}` },
        { selector: "MemberExpression[object.property.name='prototype']", message: `a library's prototype patched or read: ${where}` },
        { selector: 'TSPropertySignature[key.name=/^_(?!nonce$)/]', message: `a library's private field named in a type: ${where}` },
      ],
    },
  };
}
