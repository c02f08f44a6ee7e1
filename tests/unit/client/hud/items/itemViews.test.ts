/** The item screens' pure view logic: button texts in the spec's order, validation texts, figures and formulas. */
import { describe, expect, it } from 'vitest';
import type { WaitApproveState } from '../../../../../src/client/machines/waitApproveMachine';
import {
  actionButton,
  amountNumber,
  heldQuantity,
  popIncomeUnits,
  popPotencyPercent,
  showAngls,
  transmuteChancePercent,
  transmuteFee,
  type FlowView,
} from '../../../../../src/client/hud/screens/items/actionView';
import { popButton, popFigures, popRefusal, POP_TEXTS } from '../../../../../src/client/hud/screens/items/popView';
import { feedAmountRowShown, feedAmountText, feedButton } from '../../../../../src/client/hud/screens/items/feedView';
import { enchantButton } from '../../../../../src/client/hud/screens/items/enchantView';
import { extractButton, extractRefusal } from '../../../../../src/client/hud/screens/items/extractView';
import { transmuteEctoButton, transmuteEctoRefusal } from '../../../../../src/client/hud/screens/items/transmuteEctoView';
import {
  trainButton,
  trainedOf,
  trainFigures,
  trainOutcomeText,
  trainRefusal,
} from '../../../../../src/client/hud/screens/items/trainView';
import { burnButton, burnFigures, burnRefusal } from '../../../../../src/client/hud/screens/items/burnView';
import { questButton, questSteps } from '../../../../../src/client/hud/screens/items/questlineView';
import { ogleLinks } from '../../../../../src/client/hud/screens/items/ogleView';
import { appleHoursLeft, boostHours } from '../../../../../src/client/hud/screens/items/feedBoost';
import { makeEidol } from '../../gameFixtures';

const flow = (state: WaitApproveState, locked = false, error = ''): FlowView => ({ state, error, locked });
const ECTO = makeEidol({ type: 'ectoplasm', experience: 10, next_level_experience: 10 });
const EGG = makeEidol({ type: 'egg' });

describe('shared action view', () => {
  it('Done and the error come before every rule; taps only in stage 0, hold and stage 1', () => {
    expect(actionButton(flow('success'), [[true, 'x']], 'idle', true)).toEqual({ text: 'Done', disabled: true, error: false });
    expect(actionButton(flow('error', false, 'Nope'), [[true, 'x']], 'idle', true)).toEqual({ text: 'Nope', disabled: false, error: true });
    expect(actionButton(flow('prepare'), [[false, 'x']], 'idle', false)).toEqual({ text: 'idle', disabled: false, error: false });
    expect(actionButton(flow('waiting'), [], 'idle', false).disabled).toBe(true);
    expect(actionButton(flow('approve', true), [], 'idle', false).disabled).toBe(true);
  });

  it('whole amounts are read as typed (what cannot be read is 0, refused, never rewritten), held items are summed by id', () => {
    expect(amountNumber('125')).toBe(125);
    expect(amountNumber(' 007 ')).toBe(7);
    for (const unreadable of ['', '0', '0a1,2.5 x', '12a', '-3', '1.5', '1e3', '+4']) expect(amountNumber(unreadable)).toBe(0);
    expect(amountNumber('9'.repeat(30))).toBe(0);
    expect(amountNumber('9'.repeat(17))).toBe(Number.MAX_SAFE_INTEGER);
    expect(
      heldQuantity(
        [
          { id: 6, quantity: 2 },
          { id: 12, quantity: 1 },
          { id: 6, quantity: 1 },
        ],
        6,
      ),
    ).toBe(3);
    expect(heldQuantity([], 6)).toBe(0);
  });

  it('formulas of spec 2 §9 and the number display', () => {
    expect(popPotencyPercent(0)).toBe(74);
    expect(popPotencyPercent(11)).toBe(96);
    expect(popIncomeUnits({ value: '100', level: 3 })).toBe(80n * 10n ** 8n);
    expect(transmuteChancePercent(5, 10)).toBe(60);
    expect(transmuteChancePercent(10, 10)).toBe(100);
    expect([transmuteFee('common'), transmuteFee('rare'), transmuteFee('epic')]).toEqual([2, 20, 200]);
    expect(showAngls('12.50000000')).toBe('12.5');
    expect(showAngls('1234567890.12345678')).toBe('1234567890');
  });
});

describe('pop', () => {
  it('walks hold, "Setting up lab", "Approve Pop", processing, Done', () => {
    const e = makeEidol({ level: 2 });
    const texts = (['prepare', 'holding', 'waiting', 'approve', 'sending', 'success'] as const).map((s) => popButton(e, flow(s)).text);
    expect(texts).toEqual([POP_TEXTS.idle, POP_TEXTS.holding, 'Setting up lab', 'Approve Pop', POP_TEXTS.sending, 'Done']);
    expect(popButton(e, flow('prepare', true)).text).toBe('Locked for Aeon Computing');
  });

  it('refuses eggs, unfilled eggtoplasm, value 0 and locked eidols', () => {
    expect(popRefusal(null)).toBe(POP_TEXTS.noEidol);
    expect(popRefusal(EGG)).toBe(POP_TEXTS.egg);
    expect(popRefusal(makeEidol({ type: 'ectoplasm', experience: 1 }))).toBe(POP_TEXTS.ecto);
    expect(popRefusal(makeEidol({ value: '0' }))).toBe(POP_TEXTS.empty);
    expect(popRefusal(makeEidol({ is_locked: true }))).toBe(POP_TEXTS.busy);
    expect(popRefusal(ECTO)).toBe('');
    expect(popButton(EGG, flow('prepare')).disabled).toBe(true);
  });

  it('figures: Pop Potency, Next Level Potency, Eidol Level, XP', () => {
    expect(popFigures(makeEidol({ level: 4, experience: 5, next_level_experience: 20 }))).toEqual({
      potency: '82 %',
      nextPotency: '84 %',
      level: '4',
      xp: 0.25,
    });
    expect(popFigures(makeEidol({ level: 11 })).nextPotency).toBe('Max level');
  });
});

describe('feed', () => {
  const SPEC_APPLE_ORDER = [
    'Cannot feed eggs',
    'Cannot feed eggtoplasm',
    'You have no Precision Apples',
    'You have no Eidol to feed',
    'Locked for Aeon Computing',
    'Setting up lunch',
    'Processing Feeding',
    'Approve Feeding',
    'Done',
  ];

  it('apple button states in the order of spec 2 §4', () => {
    const e = makeEidol();
    const texts = [
      feedButton(EGG, 0, '', 'apple', flow('prepare', true)).text,
      feedButton(ECTO, 0, '', 'apple', flow('prepare', true)).text,
      feedButton(e, 0, '', 'apple', flow('prepare', true)).text,
      feedButton(null, 2, '', 'apple', flow('prepare', true)).text,
      feedButton(e, 2, '1', 'apple', flow('prepare', true)).text,
      feedButton(e, 2, '1', 'apple', flow('waiting')).text,
      feedButton(e, 2, '1', 'apple', flow('sending')).text,
      feedButton(e, 2, '1', 'apple', flow('approve')).text,
      feedButton(e, 2, '1', 'apple', flow('success')).text,
    ];
    expect(texts).toEqual(SPEC_APPLE_ORDER);
  });

  it('cookies use the same states with their own item', () => {
    expect(feedButton(makeEidol(), 0, '', 'cookie', flow('prepare')).text).toBe('You have no Golden Cookies');
    expect(feedButton(makeEidol(), 3, '2', 'cookie', flow('prepare'))).toEqual({ text: 'Feed Eidol', disabled: false, error: false });
  });

  it('amount row texts and when the row shows', () => {
    expect(feedAmountText('', 3, 'cookie')).toBe('Specify feed amount');
    expect(feedAmountText('0', 3, 'cookie')).toBe('Specify feed amount');
    expect(feedAmountText('4', 3, 'cookie')).toBe('Not enough Golden Cookies');
    expect(feedAmountText('4', 3, 'apple')).toBe('Not enough Precision Apples');
    expect(feedAmountText('3', 3, 'apple')).toBe('');
    expect(feedButton(makeEidol(), 3, '4', 'cookie', flow('prepare')).disabled).toBe(true);
    const e = makeEidol();
    expect(feedAmountRowShown(e, 1, flow('prepare'))).toBe(true);
    expect(feedAmountRowShown(e, 0, flow('prepare'))).toBe(false);
    expect(feedAmountRowShown(EGG, 1, flow('prepare'))).toBe(false);
    expect(feedAmountRowShown(ECTO, 1, flow('prepare'))).toBe(false);
    expect(feedAmountRowShown(null, 1, flow('prepare'))).toBe(false);
    expect(feedAmountRowShown(e, 1, flow('waiting'))).toBe(false);
    expect(feedAmountRowShown(e, 1, flow('approve'))).toBe(false);
  });

  it('boost hours: what is left plus 24 per apple', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(appleHoursLeft(null, now)).toBe(0);
    expect(appleHoursLeft('2026-01-01 14:30:00', now)).toBe(3);
    expect(appleHoursLeft('2026-01-01 11:00:00', now)).toBe(0);
    expect(boostHours(3, 2)).toBe(51);
  });
});

describe('enchant', () => {
  it('button states in the order of spec 2 §4', () => {
    const texts = [
      enchantButton(0, 20, flow('prepare')).text,
      enchantButton(1, 12, flow('prepare')).text,
      enchantButton(1, 13, flow('prepare')).text,
      enchantButton(1, 13, flow('waiting')).text,
      enchantButton(1, 13, flow('approve')).text,
      enchantButton(1, 13, flow('sending')).text,
      enchantButton(1, 13, flow('prepare', true)).text,
      enchantButton(1, 13, flow('success')).text,
    ];
    expect(texts).toEqual([
      'You have no Eggtoplasm',
      'You have not enough gDAO tokens',
      'Prepare Enchantment',
      'Setting up Enchantment',
      'Approve Enchantment',
      'Processing Enchantment',
      'Locked for Aeon Computing',
      'Done',
    ]);
    expect(enchantButton(1, 12, flow('prepare')).disabled).toBe(true);
    expect(enchantButton(1, 13, flow('prepare', true)).disabled).toBe(true);
  });
});

describe('extract', () => {
  it('validation texts of spec 2 §5', () => {
    const e = makeEidol({ value: '10.5' });
    expect(extractRefusal(EGG, '1', 5)).toBe('Cannot extract eggs');
    expect(extractRefusal(ECTO, '1', 5)).toBe('Cannot extract eggtoplasm');
    expect(extractRefusal(e, '', 5)).toBe('Specify extraction amount');
    expect(extractRefusal(e, '0', 5)).toBe('Specify extraction amount');
    expect(extractRefusal(e, '11', 50)).toBe('Extraction too large');
    expect(extractRefusal(e, '10', 5)).toBe('Not enough Extract');
    expect(extractRefusal(e, '10', 10)).toBe('');
  });

  it('the button shows the refusal in stage 0, then the states', () => {
    const e = makeEidol();
    expect(extractButton(e, '', 5, flow('prepare'))).toEqual({ text: 'Specify extraction amount', disabled: true, error: false });
    expect(['prepare', 'waiting', 'approve', 'sending'].map((s) => extractButton(e, '2', 5, flow(s as WaitApproveState)).text)).toEqual([
      'Extract Eidol',
      'Setting up Extraction',
      'Approve Extraction',
      'Processing Extraction',
    ]);
  });
});

describe('transmute eggtoplasm', () => {
  it('validation texts of spec 2 §5', () => {
    expect(transmuteEctoRefusal(null, 1)).toBe('You have no Ectoplasm to Transmute');
    expect(transmuteEctoRefusal(EGG, 1)).toBe('Cannot Transmute eggs');
    expect(transmuteEctoRefusal(makeEidol(), 1)).toBe('Cannot Transmute Eidol');
    expect(transmuteEctoRefusal(makeEidol({ type: 'ectoplasm', experience: 9, next_level_experience: 10 }), 1)).toBe('Not enough XP');
    expect(transmuteEctoRefusal(ECTO, 0)).toBe('You have no Transmutation Tome');
    expect(transmuteEctoRefusal(ECTO, 1)).toBe('');
    expect(transmuteEctoButton(ECTO, 1, flow('waiting')).text).toBe('Setting up Transmutation');
  });
});

describe('train', () => {
  const e11 = makeEidol({ level: 11, rarity: 'rare', experience: 5, next_level_experience: 10 });
  const commitment = { fee: '20', chance: 60, seed_hash: 'ab'.repeat(32), attempt: 1 };

  it('refusals: eidol kind, level 11, the ANGLS balance against the fee', () => {
    expect(trainRefusal(null, '100', null)).toBe('You have no Eidol to transmute');
    expect(trainRefusal(EGG, '100', null)).toBe('Cannot Transmute eggs');
    expect(trainRefusal(makeEidol({ level: 10 }), '100', null)).toBe('Eidol level 11 required');
    expect(trainRefusal(e11, '19.99', null)).toBe('Insufficent ANGLS balance');
    expect(trainRefusal(e11, '20', null)).toBe('');
    expect(trainRefusal(e11, '20', { ...commitment, fee: '25' })).toBe('Insufficent ANGLS balance');
  });

  it('Invoke Mastership for an unactivated player, then precalculate, approve', () => {
    expect(trainButton(e11, '100', '/startergas', null, flow('prepare'))).toEqual({
      text: 'Invoke Mastership',
      disabled: false,
      error: false,
    });
    expect(trainButton(e11, '100', null, null, flow('prepare')).text).toBe('Calculate Transmutation fee');
    expect(trainButton(e11, '100', null, null, flow('preparing')).text).toBe('Processing transaction...');
    expect(trainButton(e11, '100', null, commitment, flow('approve')).text).toBe('Transmute Eidol');
    expect(trainButton(e11, '100', null, commitment, flow('sending')).text).toBe('Processing transaction...');
  });

  it('figures and outcome', () => {
    expect(trainFigures(e11, null)).toEqual({ fee: '20', yieldy: '0 %', precise: '0', chance: '60 %' });
    expect(trainFigures(e11, { ...commitment, chance: 61.5 }).chance).toBe('61.50 %');
    expect(trainedOf({ trained: true })).toBe(true);
    expect(trainedOf(null)).toBeNull();
    expect(trainOutcomeText(false)).toBe('Transmutation failed');
  });
});

describe('burn', () => {
  it('figures: income = N × rate, fee = its percent, receive = the rest', () => {
    const f = burnFigures('100', '0.01', 1);
    expect(f).toEqual({ income: 10n ** 8n, fee: 10n ** 6n, receive: 99n * 10n ** 6n });
  });

  it('validation texts of spec 2 §5 and the locked chest', () => {
    const f = (n: string) => burnFigures(n, '0.01', 1);
    expect(burnRefusal('', 10, '5', f(''), false)).toBe('Specify correct token amount');
    expect(burnRefusal('11', 10, '5', f('11'), false)).toBe('You have not enough gDAO tokens');
    expect(burnRefusal('10', 10, '0.05', f('10'), false)).toBe('Not enough gDAO supply');
    expect(burnRefusal('10', 10, '0.1', f('10'), false)).toBe('');
    expect(burnRefusal('10', 10, '0.1', f('10'), true)).toBe('gDAO supply is now locked');
  });

  it('button: "Preparing claim...", "Claim GoldenState gratuity", locked chest', () => {
    expect(burnButton('', false, flow('waiting')).text).toBe('Preparing claim...');
    expect(burnButton('', false, flow('approve')).text).toBe('Claim GoldenState gratuity');
    expect(burnButton('gDAO supply is now locked', true, flow('prepare'))).toEqual({
      text: 'gDAO supply is now locked',
      disabled: true,
      error: false,
    });
    expect(burnButton('Specify correct token amount', false, flow('prepare')).disabled).toBe(true);
  });
});

describe('questline', () => {
  const facts = { emailConfirmed: true, invited: 0, gdao: 0, jars: 0 };
  it('the button follows the steps of spec 2 §4', () => {
    expect(questButton({ ...facts, emailConfirmed: false }, 'idle')).toEqual({ text: 'Confirm Email', action: 'resend' });
    expect(questButton({ ...facts, gdao: 6 }, 'idle')).toEqual({ text: '7 gDAO tokens required', action: null });
    expect(questButton({ ...facts, gdao: 7 }, 'idle')).toEqual({ text: 'Claim Eggtoplasm Jar', action: 'claim' });
    expect(questButton({ ...facts, gdao: 12, jars: 1 }, 'idle')).toEqual({ text: '13 gDAO tokens required', action: null });
    expect(questButton({ ...facts, gdao: 13, jars: 1 }, 'idle').action).toBe('enchant');
    expect(questButton({ ...facts, gdao: 7 }, 'done')).toEqual({ text: 'Done, completing transaction', action: null });
  });
  it('four steps in order', () => {
    expect(questSteps({ ...facts, invited: 1 }).map((s) => s.done)).toEqual([true, true, false, false]);
  });
});

describe('ogle hub', () => {
  it('links each action; eggs and locked eidols cannot act', () => {
    const links = ogleLinks(makeEidol({ level: 11 }));
    expect(links.map((l) => l.to)).toEqual([
      '/popeidol',
      '/traineidol',
      '/extract',
      '/feed',
      '/apple',
      '/transmuteecto',
      '/ecto',
      '/gdaochest',
    ]);
    expect(links.filter((l) => l.enabled).map((l) => l.to)).toEqual([
      '/popeidol',
      '/traineidol',
      '/extract',
      '/feed',
      '/apple',
      '/ecto',
      '/gdaochest',
    ]);
    expect(
      ogleLinks(EGG)
        .filter((l) => l.enabled)
        .map((l) => l.to),
    ).toEqual(['/ecto', '/gdaochest']);
    expect(
      ogleLinks(ECTO)
        .filter((l) => l.enabled)
        .map((l) => l.to),
    ).toEqual(['/popeidol', '/transmuteecto', '/ecto', '/gdaochest']);
  });
});
