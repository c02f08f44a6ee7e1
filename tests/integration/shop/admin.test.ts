/**
 * The admin CLI's runner and the shop commands on both databases: each change and its `admin_audit` row
 * commit together, a refused command writes neither, set-stock issues and retires stock through the
 * ledger (checkLedger after each test), and the `npm run admin` entry point runs a command end to end.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialectsFor } from '../../support/testDb';
import type { TestServer } from '../../support/server';
import { runAdminCommand } from '../../../src/server/admin/runner';
import { AdminUsageError } from '../../../src/server/admin/adminCommand';
import { adminCommands } from '../../../src/server/admin/registry';
import type { Ledger } from '../../../src/server/ledger/index';
import { systemBalance } from '../wallet/support/walletFixtures';
import { activePlayer, listingId, startShopServer } from './support';

describe.each(dialectsFor(inject('pgAdminUrl')))('admin shop commands on %s', (dialect) => {
  let s: TestServer;
  let ledger: Ledger;
  let ledgerOk: () => Promise<void>;
  beforeAll(async () => {
    ({ server: s, ledger, ledgerOk } = await startShopServer(dialect, inject('pgAdminUrl')));
  });
  afterAll(() => s?.close());
  afterEach(async () => ledgerOk());

  const run = (name: string, ...args: string[]) => runAdminCommand(s.testDb.db, s.clock, 'ops@test', name, args);
  const audits = () => s.testDb.db.kysely.selectFrom('admin_audit').selectAll().orderBy('id').execute();
  const item = async (id: number) => {
    const { client } = await activePlayer(s, `v${id}${Math.random().toString(36).slice(2, 8)}`);
    const lists = await Promise.all(['egg', 'item', 'gdao', 'startpak'].map((type) => client.get(`/api/shop?type=${type}`)));
    return lists.flatMap((l) => l.body.data as { id: number }[]).find((i) => i.id === id);
  };

  it('registers the shop commands with their usage', () => {
    expect(adminCommands().map((c) => c.name)).toEqual(
      expect.arrayContaining(['shop:list', 'shop:set-price', 'shop:set-stock', 'shop:activate', 'shop:deactivate', 'shop:add']),
    );
    for (const c of adminCommands()) expect(c.usage.startsWith(c.name)).toBe(true);
  });

  it('sets a price and audits it in the same commit; refusals write nothing', async () => {
    const apple = await listingId(s, 'item', 'Precision Apple', 'ngls');
    const before = (await audits()).length;
    const done = await run('shop:set-price', String(apple), 'ngls', '12.5', '1');
    expect(done.summary).toContain('12.5 ngls');
    expect(await item(apple)).toMatchObject({ price_ngls: '12.50000000', nodeshare: '1.00000000' });
    const rows = await audits();
    expect(rows).toHaveLength(before + 1);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({
      id: done.auditId,
      actor: 'ops@test',
      command: 'shop:set-price',
      args: JSON.stringify([String(apple), 'ngls', '12.5', '1']),
      created_at: s.clock.now(),
    });
    expect(JSON.parse(last.details)).toMatchObject({
      shop_item_id: apple,
      currency: 'ngls',
      price: '1250000000',
      nodeshare: '100000000',
      before: { currency: 'ngls', price: '1000000000' },
    });

    const egg = await listingId(s, 'egg', 'Common Egg', 'ngls');
    const refused: [string, string[]][] = [
      ['shop:set-price', [String(egg), 'busd', '20']],
      ['shop:set-price', [String(egg), 'ngls', '99']],
      ['shop:set-price', ['99999', 'ngls', '1']],
      ['shop:set-price', [String(apple), 'eur', '1']],
      ['shop:set-price', [String(apple), 'ngls', '1.123456789']],
      ['shop:set-stock', [String(egg), '5']],
      ['shop:add', ['item', '4', 'ngls', '1']],
      ['shop:bogus', []],
    ];
    for (const [name, args] of refused)
      await expect(runAdminCommand(s.testDb.db, s.clock, 'ops@test', name, args)).rejects.toBeInstanceOf(AdminUsageError);
    expect(await audits()).toHaveLength(before + 1);
  });

  it('issues and retires counted stock through the ledger; many stops counting', async () => {
    const tome = await listingId(s, 'gdao', 'Transmutation Tome', 'token');
    const genesis = await systemBalance(ledger, 'genesis', 'item:14');
    await run('shop:set-stock', String(tome), '25');
    expect(await systemBalance(ledger, 'shop_stock', 'item:14')).toBe(25n);
    expect(await systemBalance(ledger, 'genesis', 'item:14')).toBe(genesis - 15n);
    expect(await item(tome)).toMatchObject({ amount: 25 });
    const retire = await run('shop:set-stock', String(tome), '4');
    expect(JSON.parse((await audits()).at(-1)!.details)).toEqual({ shop_item_id: tome, item_id: 14, stock: 4, stock_before: 25 });
    expect(retire.summary).toContain('stock 4');
    expect(await systemBalance(ledger, 'shop_stock', 'item:14')).toBe(4n);
    await run('shop:set-stock', String(tome), 'many');
    expect(await item(tome)).toMatchObject({ amount: 'many' });
  });

  it('deactivates, activates and adds listings; list shows them', async () => {
    const puff = await listingId(s, 'item', 'Puff of Wisdom', 'ngls');
    await run('shop:deactivate', String(puff));
    expect(await item(puff)).toBeUndefined();
    await run('shop:activate', String(puff));
    expect(await item(puff)).toBeDefined();
    // Incense already has a counted listing (the mage shop's 50): its stock is the item's, so a second one is refused.
    const audited = (await audits()).length;
    await expect(run('shop:add', 'gdao', '3', 'token', '4', '6')).rejects.toThrow(/already has counted listing/);
    expect(await audits()).toHaveLength(audited);
    expect(await systemBalance(ledger, 'shop_stock', 'item:3')).toBe(50n);
    const added = await run('shop:add', 'gdao', '2', 'token', '4', '6');
    const id = JSON.parse((await audits()).at(-1)!.details).shop_item_id as number;
    expect(added.summary).toBe(`added shop item ${id} (Scribe Quill)`);
    expect(await item(id)).toMatchObject({
      type: 'gdao',
      name: 'Scribe Quill',
      price_token: '4',
      amount: 6,
      data: { item_id: 2, skin: 'Scribe.png' },
    });
    expect(await systemBalance(ledger, 'shop_stock', 'item:2')).toBe(6n);
    const egg = await run('shop:add', 'egg', 'egg1', 'ngls', '210', 'many', '10');
    expect(egg.summary).toContain('Common Egg');
    const list = await run('shop:list', 'gdao');
    expect(list.summary).toContain(`${id}\tgdao\tactive\tScribe Quill\t4 token\tstock 6`);
  });

  it('runs through `npm run admin` on the configured database', async () => {
    if (dialect !== 'postgres') return; // one spawn is enough; PostgreSQL lets a second process share the database
    const root = path.resolve(import.meta.dirname, '../../..');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/server/admin/cli.ts', '--as', 'cli-op', 'shop:list', 'egg'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: s.testDb.location },
      timeout: 60_000,
    });
    expect(stdout).toContain('Common Egg');
    expect((await audits()).at(-1)).toMatchObject({ actor: 'cli-op', command: 'shop:list' });
  });
});
