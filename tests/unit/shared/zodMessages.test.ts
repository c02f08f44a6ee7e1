/**
 * zod/mini ships no issue messages: src/shared/zod.ts sets classic zod's English ones. Checked in a fresh process
 * that loads the schemas only (this one may already hold classic zod, which sets English on its own).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const SCRIPT = `
import { loginBody } from './src/shared/api/auth.ts';
import { atlasManifestSchema } from './src/client/engine/atlasManifest.ts';
const issues = [
  ...loginBody.safeParse({ username: 1 }).error.issues,
  ...atlasManifestSchema.safeParse({ version: 1, resolutions: { full: 1, half: 0.5 }, sheets: [], audio: [] }).error.issues,
];
console.log(JSON.stringify(issues.map((i) => i.message)));
`;

describe('zod issue messages', () => {
  it('read as classic zod gives them where only the zod/mini schemas are loaded', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      'Invalid input: expected string, received number',
      'Invalid input: expected string, received undefined',
      'Too small: expected array to have >=1 items',
    ]);
  });
});
