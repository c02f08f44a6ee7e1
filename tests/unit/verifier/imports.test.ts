/** The outside verifier (tests/verifier) imports node built-ins and its own files only: no project code. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../verifier');

/** Every module specifier of a TypeScript source: static imports and exports, dynamic imports, require. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]!);
  return out;
}

describe('the outside verifier stands alone', () => {
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.ts'));

  it('has files to scan', () => {
    expect(files).toContain('outside.ts');
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  it.each(files)('%s imports only node: built-ins and files of its own folder', (file) => {
    const found = specifiers(fs.readFileSync(path.join(DIR, file), 'utf8'));
    const foreign = found.filter((s) => !s.startsWith('node:') && !/^\.\/[\w.-]+$/.test(s));
    expect(foreign).toEqual([]);
    // Its own files exist (a specifier that escaped the folder would have failed above).
    for (const s of found.filter((x) => x.startsWith('./'))) expect(fs.existsSync(path.join(DIR, `${s.slice(2)}.ts`))).toBe(true);
  });

  it('the scan sees every form of import (it would catch a project import)', () => {
    const sample =
      "import a from '../../src/x';\nimport './side';\nexport { b } from \"zod\";\nconst c = await import('viem');\nconst d = require('kysely');";
    expect(specifiers(sample)).toEqual(['../../src/x', 'zod', './side', 'viem', 'kysely']);
  });
});
