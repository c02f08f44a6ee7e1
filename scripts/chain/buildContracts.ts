/**
 * `npm run contracts`: compiles the dev chain's ERC-20s (src/server/chain/contracts/*.sol) with the solc
 * wasm from npm, offline, and writes the committed artifact (abi + bytecode) the server deploys from.
 * The artifact is committed so starting the server never compiles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// solc ships CommonJS without types; only `compile` and `version` are used.
const solc = require('solc') as {
  compile(input: string, opts: { import(p: string): { contents: string } | { error: string } }): string;
  version(): string;
};

const dir = path.resolve('src/server/chain/contracts');
const out = path.resolve('src/server/chain/artifacts.json');
const CONTRACTS = ['TestUSDC', 'AnglsToken'] as const;

/** Resolves `@openzeppelin/...` imports from node_modules. */
function findImport(p: string): { contents: string } | { error: string } {
  try {
    return { contents: fs.readFileSync(require.resolve(p), 'utf8') };
  } catch {
    return { error: `not found: ${p}` };
  }
}

const sources = Object.fromEntries(
  CONTRACTS.map((name) => [`${name}.sol`, { content: fs.readFileSync(path.join(dir, `${name}.sol`), 'utf8') }]),
);
const input = {
  language: 'Solidity',
  sources,
  // Paris: no PUSH0/MCOPY surprises on chains a little behind mainnet's hardforks.
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
const artifacts = Object.fromEntries(
  CONTRACTS.map((name) => {
    const c = output.contracts[`${name}.sol`]?.[name];
    if (!c) throw new Error(`${name} missing from the solc output`);
    return [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }];
  }),
);
fs.writeFileSync(out, `${JSON.stringify({ compiler: solc.version(), contracts: artifacts }, null, 1)}\n`);
console.info(`wrote ${path.relative(process.cwd(), out)} (solc ${solc.version()})`);
