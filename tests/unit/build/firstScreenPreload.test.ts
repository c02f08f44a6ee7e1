// The chunk lists the build writes into index.html (scripts/build/firstScreenPreload.ts), over a small bundle.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkListMetas } from '../../../scripts/build/firstScreenPreload';

const ROOT = '/app';
const chunk = (imports: string[] = [], module?: string) => ({
  type: 'chunk',
  imports,
  facadeModuleId: module ? path.resolve(ROOT, module) : null,
});
const BUNDLE = {
  'assets/index.js': chunk(['assets/shared.js']),
  'assets/shared.js': chunk(),
  'assets/start.js': chunk(['assets/shared.js', 'assets/react.js'], 'src/start.tsx'),
  'assets/react.js': chunk(),
  'assets/Home.js': chunk(['assets/react.js', 'assets/homeStores.js', 'assets/socket.js'], 'src/Home.tsx'),
  'assets/homeStores.js': chunk(['assets/socket.js']),
  'assets/socket.js': chunk(),
  'assets/index.css': { type: 'asset' },
};

describe('chunkListMetas', () => {
  it("lists the entry's dynamic imports with their static imports, less what the entry loads itself", () => {
    const [app] = chunkListMetas(BUNDLE, 'assets/index.js', ['assets/start.js'], ROOT, '/', []);
    expect(app).toEqual({ name: 'app-chunks', content: '/assets/start.js /assets/react.js' });
  });

  it('lists each lazy module on the way home with the chunks it adds, by its file name; a module not in the bundle gets no list', () => {
    const metas = chunkListMetas(BUNDLE, 'assets/index.js', ['assets/start.js'], ROOT, '/', ['src/Home.tsx', 'src/Gone.tsx']);
    expect(metas.slice(1)).toEqual([{ name: 'chunks-of:Home', content: '/assets/Home.js /assets/homeStores.js /assets/socket.js' }]);
  });
});
