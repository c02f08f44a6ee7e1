/**
 * The `local/no-import-cycle` lint rule: refuses an import whose target leads back to the importing file, type-only
 * imports included (import-x/no-cycle skips those, yet a type cycle still ties two modules into one unit).
 * Dynamic `import()` is not an edge: it is how a module loads another later on purpose (lazy screens, scenes).
 * The graph of every source file is built once per lint run with TypeScript's own parser and resolver.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|js|mjs)$/;

/** Files under `dir` (recursive) with a source extension, skipping node_modules and dist. */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The static import and re-export specifiers of a file (type-only included; `import()` left out). */
function staticSpecifiers(file) {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier))
      out.push(st.moduleSpecifier.text);
  }
  return out;
}

/** Strongly connected components (Tarjan) of `graph`: a map from each file to the set of its component. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const of = new Map();
  let next = 0;
  const visit = (v) => {
    // Iterative: a deep import chain must not overflow the stack.
    const work = [[v, [...(graph.get(v) ?? [])], 0]];
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const w = edges[frame[2]++];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(graph.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const scc = new Set();
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          scc.add(w);
        } while (w !== node);
        for (const m of scc) of.set(m, scc);
      }
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return of;
}

const cache = new Map();
/** The import graph of `root`'s source folders and each file's cycle component (built once per root). */
function projectGraph(root) {
  if (cache.has(root)) return cache.get(root);
  const options = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowJs: true,
    jsx: ts.JsxEmit.ReactJSX,
    resolveJsonModule: true,
  };
  const host = ts.sys;
  const graph = new Map();
  const resolved = new Map();
  const files = ['src', 'tests', 'scripts']
    .filter((d) => fs.existsSync(path.join(root, d)))
    .flatMap((d) => sourceFiles(path.join(root, d)));
  for (const file of files) {
    const targets = new Map();
    for (const spec of staticSpecifiers(file)) {
      if (!spec.startsWith('.')) continue;
      const r = ts.resolveModuleName(spec, file, options, host).resolvedModule;
      if (r && !r.isExternalLibraryImport) targets.set(spec, path.resolve(r.resolvedFileName));
    }
    graph.set(path.resolve(file), new Set(targets.values()));
    resolved.set(path.resolve(file), targets);
  }
  const value = { resolved, scc: components(graph) };
  cache.set(root, value);
  return value;
}

/** The rule. */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'refuse import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'import cycle: {{target}} imports (through {{size}} modules) back to this file' },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const { resolved, scc } = projectGraph(context.cwd);
    const mine = scc.get(file);
    if (!mine || mine.size < 2) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolved.get(file)?.get(node.source.value);
      if (target && mine.has(target))
        context.report({ node, messageId: 'cycle', data: { target: path.relative(context.cwd, target), size: mine.size } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin holding the project's own rules. */
export const localPlugin = { rules: { 'no-import-cycle': noImportCycle } };
