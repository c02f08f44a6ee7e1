/** The dev chain's journal: appends survive a reopen, a line cut by a crash is dropped, a revert truncates. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../../src/server/chain/journal';

describe('dev chain journal', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'aeon-journal-'));
    dirs.push(d);
    return d;
  };

  it('keeps the genesis date in whole seconds and every appended block across reopening', () => {
    const dir = tmp();
    const j = openJournal(dir, new Date('2026-11-25T10:00:00.750Z'));
    expect(j.header).toEqual({ version: 1, genesis: '2026-11-25T10:00:00.000Z' });
    j.append({ block: 1, timestamp: 100, raw: '0x01' });
    j.append({ block: 2, timestamp: 101 });
    const again = openJournal(dir, new Date());
    expect(again.header.genesis).toBe('2026-11-25T10:00:00.000Z');
    expect(again.blocks).toEqual([
      { block: 1, timestamp: 100, raw: '0x01' },
      { block: 2, timestamp: 101 },
    ]);
  });

  it('drops a last line cut mid-write, and truncates above a reverted head', () => {
    const dir = tmp();
    const j = openJournal(dir, new Date(0));
    for (let b = 1; b <= 4; b++) j.append({ block: b, timestamp: b });
    fs.appendFileSync(path.join(dir, 'chain', 'journal.jsonl'), '{"block":5,"timest');
    const cut = openJournal(dir, new Date());
    expect(cut.blocks.map((b) => b.block)).toEqual([1, 2, 3, 4]);
    cut.append({ block: 5, timestamp: 5 });
    expect(openJournal(dir, new Date()).blocks.map((b) => b.block)).toEqual([1, 2, 3, 4, 5]);
    cut.truncateAbove(2);
    expect(cut.blocks.map((b) => b.block)).toEqual([1, 2]);
    expect(openJournal(dir, new Date()).blocks.map((b) => b.block)).toEqual([1, 2]);
  });
});
