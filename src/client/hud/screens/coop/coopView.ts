/**
 * The headless parts of the community screens (/coop, /gdaoledger, /tax): the invite's share-sheet texts and
 * the share-or-copy step, item counts, the Patricius title's remaining time, the Invite screen's main button,
 * and the "Check my share" report. Pure (the share step takes the navigator), so unit tests read exactly
 * what the screens show.
 */
import { t } from '../../../i18n/t/coop';
import type { Item, User } from '../../../../shared/api/user';
import { ITEM_IDS } from '../../../../shared/money/assets';
import { parseUtc } from '../../../../shared/rules/wallet/panel';
import { checkDistribution, type DistributionCheck } from '../../../../shared/rules/gdaoDistribution';
import { merkleRoot, verifyMerkleProof } from '../../../../shared/rules/gdaoMerkle';
import type { Anchor, Distribution, DistributionRow, LeafProof } from '../../../net/coopApi';

/** What the device share sheet receives. */
export interface SharePayload {
  title: string;
  text: string;
  url: string;
}

/** The invite's share-sheet payload (spec 2 §2): the title uses the player's name, the text names the product. */
export function inviteShare(name: string, product: string, link: string): SharePayload {
  return {
    title: product ? t.coop.shareTitleProduct(name, product) : t.coop.shareTitle(name),
    text: t.coop.shareText(product),
    url: link,
  };
}

/** The parts of `navigator` the share step uses (tests pass their own). */
export interface ShareDevice {
  share?: (data: SharePayload) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

/** How a share ended: the sheet took it, the link was copied instead, the player closed the sheet, or neither worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Opens the share sheet; where there is none (desktop browsers, http pages) or it fails, copies the link.
 * Closing the sheet is the player's choice, not a failure, so nothing is copied then.
 */
export async function shareOrCopy(payload: SharePayload, device: ShareDevice): Promise<ShareOutcome> {
  if (typeof device.share === 'function') {
    try {
      await device.share(payload);
      return 'shared';
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return 'cancelled';
    }
  }
  if (!device.clipboard) return 'failed';
  try {
    await device.clipboard.writeText(payload.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** How many of item `id` the player holds (0 when none). */
export function itemCount(items: readonly Pick<Item, 'id' | 'quantity'>[] | undefined, id: number): number {
  return items?.find((i) => i.id === id)?.quantity ?? 0;
}

/** The gDAO token count (item 4). */
export const gdaoCount = (user: Pick<User, 'items'>): number => itemCount(user.items, ITEM_IDS.GDAO_TOKEN);
/** The Tax Commendation count (item 7). */
export const taxCommendationCount = (user: Pick<User, 'items'>): number => itemCount(user.items, ITEM_IDS.TAX_COMMENDATION);

/** Shown when the player holds no running Patricius title (spec 2 §2). */
export const NO_TITLE = t.coop.noTitle;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The Patricius title's remaining time in its largest whole unit: "3 days", "5 hours", "12 minutes";
 * "No Title" when there is none or it has run out. The last partial minute still counts as "1 minute",
 * so a running title never reads "No Title".
 */
export function titleTimeText(patricius: string | null | undefined, nowMs: number): string {
  if (!patricius) return NO_TITLE;
  const left = parseUtc(patricius) - nowMs;
  if (!Number.isFinite(left) || left <= 0) return NO_TITLE;
  if (left >= DAY) return t.coop.days(Math.floor(left / DAY));
  if (left >= HOUR) return t.coop.hours(Math.floor(left / HOUR));
  return t.coop.minutes(Math.max(1, Math.ceil(left / MINUTE)));
}

/** Labels of the Invite screen's main button. */
export const RESEND_EMAIL_LABEL = t.coop.resendEmail;
/** Once the e-mail is confirmed the button opens the gDAO store. */
export const OPEN_STORE_LABEL = t.coop.openStore;

/** The Invite screen's main button: resend the confirmation e-mail until it is confirmed, then the gDAO store. */
export function coopMainAction(user: Pick<User, 'email_confirmed'>): { kind: 'resend' | 'store'; label: string } {
  return user.email_confirmed ? { kind: 'store', label: OPEN_STORE_LABEL } : { kind: 'resend', label: RESEND_EMAIL_LABEL };
}

/** What "Check my share" shows for one published month. */
export interface ShareReport {
  month: string;
  /** The player's own row, or null when the player had no share that month. */
  mine: DistributionRow | null;
  check: DistributionCheck;
  publishedRoot: string;
  rowCount: number;
  /** The published Merkle root (null from a server before the Merkle tree) and the one recomputed here from the public rows. */
  merkle: { published: string | null; computed: string | null };
}

/** The Merkle root of the public rows, or null when a row cannot be a leaf. */
function merkleOfRows(rows: readonly DistributionRow[]): string | null {
  try {
    return merkleRoot(rows.map((r) => ({ user_id: r.user_id, activity: r.activity, amount: r.amount })));
  } catch {
    return null;
  }
}

/** The report of a published month for player `userId`. */
export function shareReport(dist: Distribution, userId: number): ShareReport {
  return {
    month: dist.month,
    mine: dist.rows.find((r) => r.user_id === userId) ?? null,
    check: checkDistribution(dist),
    publishedRoot: dist.root_hash,
    rowCount: dist.rows.length,
    merkle: { published: dist.merkle_root ?? null, computed: dist.merkle_root ? merkleOfRows(dist.rows) : null },
  };
}

/** The verdict lines of a report: the sum against the budget, the root hash, then the Merkle root when one is published. */
export function reportVerdicts(report: ShareReport): Array<{ key: 'sum' | 'root' | 'merkle'; ok: boolean; text: string }> {
  const c = report.check;
  if (c.problem) return [{ key: 'root', ok: false, text: t.coop.rowsUnreadable(c.problem) }];
  const m = report.merkle;
  const merkleOk = m.computed !== null && m.computed === m.published?.toLowerCase();
  const merkle =
    m.published === null ? [] : [{ key: 'merkle' as const, ok: merkleOk, text: merkleOk ? t.coop.merkleMatches : t.coop.merkleDiffers }];
  return [
    {
      key: 'sum',
      ok: c.sumMatches,
      text: c.sumMatches ? t.coop.sumMatches(report.rowCount, c.budget) : t.coop.sumDiffers(c.total, c.budget),
    },
    {
      key: 'root',
      ok: c.rootMatches,
      text: c.rootMatches ? t.coop.rootMatches : t.coop.rootDiffers,
    },
    ...merkle,
  ];
}

/** What the proof check shows: whether the player's own leaf and proof lead to the month's root, and the anchoring. */
export interface ProofReport {
  /** The leaf is the player's and the proof, checked in this browser, leads to the published root. */
  verified: boolean;
  text: string;
  leaf: { activity: string; amount: string };
  root: string;
  anchor: string;
  /** The anchoring transaction's hash, when it was sent. */
  txHash: string | null;
}

/** Checks `proof` in the browser for player `userId` against the month's published Merkle root. */
export function proofReport(proof: LeafProof, userId: number, publishedRoot: string | null): ProofReport {
  const leaf = { user_id: proof.leaf.user_id, activity: proof.leaf.activity, amount: proof.leaf.amount };
  // The proof's own root must be the month's published root too: a proof to some other root proves nothing.
  const root = publishedRoot ?? proof.merkle_root;
  const verified =
    proof.leaf.user_id === userId && proof.merkle_root.toLowerCase() === root.toLowerCase() && verifyMerkleProof(leaf, proof, root);
  return {
    verified,
    text: verified ? t.coop.proofVerified(proof.index + 1, proof.leaf_count) : t.coop.proofNotVerified,
    leaf: { activity: String(proof.leaf.activity), amount: proof.leaf.amount },
    root,
    anchor: anchorText(proof.anchor ?? null),
    txHash: proof.anchor?.tx_hash ?? null,
  };
}

/** The anchoring readout: in which block and when the root was written on the chain, or that it is on its way. */
export function anchorText(anchor: Anchor | null): string {
  if (anchor?.status === 'anchored' && anchor.block_number != null) {
    return t.coop.anchoredIn(
      anchor.block_number,
      anchor.block_time ? anchor.block_time.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '',
    );
  }
  if (anchor?.status === 'sent') return t.coop.anchorSent;
  return t.coop.anchorPending;
}

/** Texts of the Tax Box button (spec 2 §2, §4: the locked text of every item action). */
export const TAX_TEXTS = {
  put: t.coop.taxPut,
  none: t.coop.taxNone,
  locked: t.common.lockedForAeon,
  sending: t.common.processing,
  done: t.common.doneBang,
};

/** What the Tax Box button shows and whether a tap does something (an error is cleared by the next tap). */
export function taxButton(s: { count: number; locked: boolean; sending: boolean; error: string; done: boolean }): {
  text: string;
  enabled: boolean;
} {
  if (s.done) return { text: TAX_TEXTS.done, enabled: false };
  if (s.error) return { text: s.error, enabled: true };
  if (s.sending) return { text: TAX_TEXTS.sending, enabled: false };
  if (s.locked) return { text: TAX_TEXTS.locked, enabled: false };
  if (s.count < 1) return { text: TAX_TEXTS.none, enabled: false };
  return { text: TAX_TEXTS.put, enabled: true };
}
