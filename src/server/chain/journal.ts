/**
 * The embedded dev chain's memory: hardhat's simulated chain has no state dump, so every block it mines
 * through our RPC front is appended here (DATA_DIR/chain/journal.jsonl, fsynced) with its number,
 * timestamp and the raw signed transaction that made it (none for an empty block). Replaying the lines in
 * order with the same timestamps rebuilds the same state, addresses and transaction hashes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Hex } from 'viem';

/** One mined block: the transaction in it (automine: at most one), or none. */
export interface JournalBlock {
  block: number;
  timestamp: number;
  raw?: Hex;
}

/** The journal's first line: what the chain was created with. */
export interface JournalHeader {
  version: 1;
  /** Block 0's time (ISO); replay starts the chain at the same date. */
  genesis: string;
}

/** An append-only journal file. */
export interface ChainJournal {
  header: JournalHeader;
  blocks: JournalBlock[];
  /** Appends one block, durably, before the RPC call that mined it answers. */
  append(entry: JournalBlock): void;
  /** Drops every block above `head` (a revert to a snapshot). */
  truncateAbove(head: number): void;
}

function writeDurably(file: string, text: string, flag: 'a' | 'w'): void {
  const fd = fs.openSync(file, flag);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Opens (or creates with `genesis` = now) the journal in DATA_DIR/chain. */
export function openJournal(dataDir: string, now: Date): ChainJournal {
  const dir = path.join(dataDir, 'chain');
  const file = path.join(dir, 'journal.jsonl');
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Whole seconds: block timestamps are seconds, and block 0 must come out the same on replay.
    const header: JournalHeader = { version: 1, genesis: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString() };
    writeDurably(file, `${JSON.stringify(header)}\n`, 'w');
  }
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(lines[0] ?? '') as JournalHeader;
  if (header.version !== 1) throw new Error(`unknown dev chain journal version in ${file}`);
  const blocks: JournalBlock[] = [];
  let cut = false;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    try {
      blocks.push(JSON.parse(line) as JournalBlock);
    } catch {
      // A line cut by a crash mid-write is the last one: its block was never acknowledged.
      cut = true;
      break;
    }
  }
  const rewrite = (kept: JournalBlock[]) => {
    const tmp = `${file}.tmp`;
    writeDurably(tmp, [JSON.stringify(header), ...kept.map((b) => JSON.stringify(b))].join('\n') + '\n', 'w');
    fs.renameSync(tmp, file);
  };
  // Without the cut line, so the next append starts a line of its own.
  if (cut) rewrite(blocks);
  return {
    header,
    blocks,
    append(entry) {
      writeDurably(file, `${JSON.stringify(entry)}\n`, 'a');
      blocks.push(entry);
    },
    truncateAbove(head) {
      const kept = blocks.filter((b) => b.block <= head);
      blocks.splice(0, blocks.length, ...kept);
      rewrite(kept);
    },
  };
}
