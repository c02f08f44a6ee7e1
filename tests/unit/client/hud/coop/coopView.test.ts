/** The community screens' headless logic: share texts, share-or-copy, item counts, title time, main button, Tax button, share report. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  coopMainAction,
  gdaoCount,
  inviteShare,
  NO_TITLE,
  anchorText,
  proofReport,
  reportVerdicts,
  shareOrCopy,
  shareReport,
  taxButton,
  taxCommendationCount,
  TAX_TEXTS,
  titleTimeText,
  type SharePayload,
} from '../../../../../src/client/hud/screens/coop/coopView';
import { merkleProof, merkleRoot } from '../../../../../src/shared/rules/gdaoMerkle';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('inviteShare', () => {
  it('titles the invite with the player name and names the product in the text', () => {
    expect(inviteShare('Ada', 'Golden', 'http://x/register/code/ADA7')).toEqual({
      title: 'Ada invites you to the GoldenVerse',
      text: 'Join the GoldenVerse and cooperate.',
      url: 'http://x/register/code/ADA7',
    });
  });
  it('still reads when the brand is not known yet', () => {
    expect(inviteShare('Ada', '', 'l')).toMatchObject({ title: 'Ada invites you', text: 'Join the Verse and cooperate.' });
  });
});

describe('shareOrCopy', () => {
  const payload: SharePayload = { title: 't', text: 'x', url: 'http://link' };
  const clip = () => {
    const copied: string[] = [];
    return { copied, clipboard: { writeText: (t: string) => (copied.push(t), Promise.resolve()) } };
  };

  it('uses the share sheet when there is one', async () => {
    const seen: SharePayload[] = [];
    const c = clip();
    expect(await shareOrCopy(payload, { share: (d) => (seen.push(d), Promise.resolve()), clipboard: c.clipboard })).toBe('shared');
    expect(seen).toEqual([payload]);
    expect(c.copied).toEqual([]);
  });
  it('copies the link when there is no share sheet, or the sheet fails', async () => {
    const c = clip();
    expect(await shareOrCopy(payload, { clipboard: c.clipboard })).toBe('copied');
    expect(await shareOrCopy(payload, { share: () => Promise.reject(new Error('NotAllowed')), clipboard: c.clipboard })).toBe('copied');
    expect(c.copied).toEqual(['http://link', 'http://link']);
  });
  it('copies nothing when the player closes the sheet; fails without any way to share', async () => {
    const c = clip();
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    expect(await shareOrCopy(payload, { share: () => Promise.reject(abort), clipboard: c.clipboard })).toBe('cancelled');
    expect(c.copied).toEqual([]);
    expect(await shareOrCopy(payload, {})).toBe('failed');
    expect(await shareOrCopy(payload, { clipboard: { writeText: () => Promise.reject(new Error('denied')) } })).toBe('failed');
  });
});

describe('item counts', () => {
  const items = [
    { id: 4, quantity: 12 },
    { id: 7, quantity: 2 },
  ];
  it('reads gDAO (item 4) and Tax Commendations (item 7), 0 when absent', () => {
    expect(gdaoCount({ items: items as never })).toBe(12);
    expect(taxCommendationCount({ items: items as never })).toBe(2);
    expect(gdaoCount({ items: [] })).toBe(0);
  });
});

describe('titleTimeText', () => {
  it('shows the largest whole unit left', () => {
    expect(titleTimeText('2026-12-25 12:00:00', NOW)).toBe('30 days');
    expect(titleTimeText('2026-11-26 12:00:00', NOW)).toBe('1 day');
    expect(titleTimeText('2026-11-26 11:59:59', NOW)).toBe('23 hours');
    expect(titleTimeText('2026-11-25 13:00:00', NOW)).toBe('1 hour');
    expect(titleTimeText('2026-11-25 12:59:00', NOW)).toBe('59 minutes');
    expect(titleTimeText('2026-11-25T12:00:30Z', NOW)).toBe('1 minute');
  });
  it('reads "No Title" without a title, after it ran out, or for an unreadable date', () => {
    expect(titleTimeText(null, NOW)).toBe(NO_TITLE);
    expect(titleTimeText('2026-11-25 12:00:00', NOW)).toBe(NO_TITLE);
    expect(titleTimeText('2026-01-01 00:00:00', NOW)).toBe(NO_TITLE);
    expect(titleTimeText('soon', NOW)).toBe(NO_TITLE);
  });
});

describe('coopMainAction', () => {
  it('resends the confirmation e-mail until it is confirmed, then opens the gDAO store', () => {
    expect(coopMainAction({ email_confirmed: false }).kind).toBe('resend');
    expect(coopMainAction({ email_confirmed: true })).toEqual({ kind: 'store', label: 'Open gDAO Store' });
  });
});

describe('taxButton', () => {
  const base = { count: 1, locked: false, sending: false, error: '', done: false };
  it('puts one in, in order: done, error (tappable to clear), sending, locked, none held', () => {
    expect(taxButton(base)).toEqual({ text: TAX_TEXTS.put, enabled: true });
    expect(taxButton({ ...base, count: 0 })).toEqual({ text: 'You have no Tax Commendation', enabled: false });
    expect(taxButton({ ...base, locked: true })).toEqual({ text: 'Locked for Aeon Computing', enabled: false });
    expect(taxButton({ ...base, sending: true, locked: true })).toEqual({ text: 'Processing...', enabled: false });
    expect(taxButton({ ...base, error: 'Locked for Aeon Computing', count: 0 })).toEqual({
      text: 'Locked for Aeon Computing',
      enabled: true,
    });
    expect(taxButton({ ...base, done: true, error: 'x' })).toEqual({ text: 'Done!', enabled: false });
  });
});

describe('shareReport', () => {
  const rows = [
    { user_id: 9, activity: '1', share: '0.25', amount: '25' },
    { user_id: 7, activity: '3', share: '0.75', amount: '75' },
  ];
  it("finds the player's row and checks the sum and the root", () => {
    const r = shareReport({ month: '2026-10', budget: '100', root_hash: sha('7:3:75\n9:1:25'), rows }, 7);
    expect(r.mine?.amount).toBe('75');
    expect(reportVerdicts(r).map((v) => [v.key, v.ok])).toEqual([
      ['sum', true],
      ['root', true],
    ]);
    expect(reportVerdicts(r)[0]!.text).toBe('✓ The 2 shares add up to the budget of 100 gDAO.');
  });
  it('says so when the player had no row, the sum is off or the root differs', () => {
    const r = shareReport({ month: '2026-10', budget: '101', root_hash: sha('other'), rows }, 1);
    expect(r.mine).toBeNull();
    expect(reportVerdicts(r).map((v) => v.text)).toEqual([
      '✗ The shares add up to 100 gDAO, not the budget of 101 gDAO.',
      '✗ The root hash recomputed in your browser differs from the published one.',
    ]);
  });
});

describe('Merkle checks of a month', () => {
  const rows = [
    { user_id: 9, activity: '1', share: '0.25', amount: '25' },
    { user_id: 7, activity: '3', share: '0.75', amount: '75' },
    { user_id: 4, activity: '0', share: '0', amount: '0' },
  ];
  const root = merkleRoot(rows);
  const month = { month: '2026-10', budget: '100', root_hash: sha('4:0:0\n7:3:75\n9:1:25'), merkle_root: root, rows };
  const proof = {
    month: '2026-10',
    merkle_root: root,
    anchor: null,
    leaf: { user_id: 9, activity: 1, amount: '25' },
    ...merkleProof(rows, 9)!,
  };

  it('recomputes the Merkle root from the public rows; a server without one adds no verdict', () => {
    expect(reportVerdicts(shareReport(month, 7)).map((v) => [v.key, v.ok])).toEqual([
      ['sum', true],
      ['root', true],
      ['merkle', true],
    ]);
    const changed = shareReport({ ...month, merkle_root: merkleRoot(rows.slice(1)) }, 7);
    expect(reportVerdicts(changed).at(-1)).toMatchObject({ key: 'merkle', ok: false });
    expect(reportVerdicts(shareReport({ ...month, merkle_root: null }, 7)).map((v) => v.key)).toEqual(['sum', 'root']);
  });

  it("verifies the player's own leaf and proof against the month's root, and refuses another player's or a changed one", () => {
    expect(proofReport(proof, 9, root)).toMatchObject({ verified: true, leaf: { activity: '1', amount: '25' }, root, txHash: null });
    expect(proofReport(proof, 7, root).verified).toBe(false);
    expect(proofReport({ ...proof, leaf: { ...proof.leaf, activity: 2 } }, 9, root).verified).toBe(false);
    expect(proofReport({ ...proof, index: 0 }, 9, root).verified).toBe(false);
    expect(proofReport(proof, 9, merkleRoot(rows.slice(1))).verified).toBe(false);
  });

  it('reads the anchoring: block and time, sent, or not yet', () => {
    expect(anchorText({ status: 'anchored', block_number: 12, block_time: '2026-11-01T00:00:07.000Z' })).toBe(
      'The root was written on the chain in block 12 (2026-11-01 00:00:07 UTC).',
    );
    expect(anchorText({ status: 'sent', tx_hash: '0x1' })).toBe('The root was sent to the chain and awaits confirmation.');
    expect(anchorText({ status: 'pending' })).toBe('The root is not written on the chain yet.');
    expect(anchorText(null)).toBe('The root is not written on the chain yet.');
  });
});
