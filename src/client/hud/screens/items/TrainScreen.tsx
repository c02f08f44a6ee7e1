/**
 * /transmute and /traineidol, transmutation of a level-11 eidol (spec 2 §2 "Train / transmutation-fee
 * screen", §4 "Train"): Value, fee, Yieldy, Precise, Chance; the first tap fetches the committed attempt
 * (fee, chance, seed hash), the second trains with the player's seed (one made at random, which the player
 * may edit). After the attempt the screen stays to show the revealed server seed and lets the player check
 * the roll in the browser (trainCheck.ts). The outcome comes from the answer, or from the socket's
 * `training_succesfull` / `training_failed` should the answer be lost. Unactivated players Invoke Mastership.
 */
import { t } from '../../../i18n/t/items';
import { useEffect, useRef, useState } from 'react';
import { mastershipTarget } from '../../../../shared/rules/wallet';
import { playerSeedProblem, randomPlayerSeed } from '../../../../shared/rules/transmuteRoll';
import { navigate } from '../../../stores/router';
import { onServerEvent } from '../../../net/serverEvents';
import { itemActionsApi, type ItemActionsApi, type TrainCommitment } from '../../../net/itemActionsApi';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useWaitApprove } from '../../useWaitApprove';
import { ActionButton } from '../../components/ActionButton';
import { Button } from '../../components/Button';
import { EidolPicker } from '../../components/EidolPicker';
import { Field } from '../../components/Field';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { showAngls } from './actionView';
import { trainButton, trainedOf, trainFigures, trainOutcomeText, trainRefusal } from './trainView';
import { TrainReveal, type Attempted } from './TrainReveal';

/** Props: swipe through all eidols (/transmute) or the selected one (/traineidol); endpoints and refresh for tests. */
export interface TrainScreenProps {
  variant?: 'swipe' | 'selected';
  api?: Pick<ItemActionsApi, 'trainCommitment' | 'train'>;
  onRefresh?: () => void;
}

/** The oogle id a training event names, if any. */
function eventEidolId(message: unknown): number | null {
  const id = (message as { oogle_id?: unknown }).oogle_id;
  return typeof id === 'number' ? id : typeof id === 'string' && id !== '' ? Number(id) : null;
}

/** The screen. */
export default function TrainScreen({ variant = 'swipe', api = itemActionsApi, onRefresh = refreshAfterTransaction }: TrainScreenProps) {
  const { user, eidols, eidol, locked, loading } = useActionData();
  const [pushed, setPushed] = useState<{ id: number; trained: boolean } | null>(null);
  const [playerSeed, setPlayerSeed] = useState(randomPlayerSeed);
  // The last attempt and the commitment it was shown against: kept after the flow moves on, for the check.
  const [attempted, setAttempted] = useState<Attempted | null>(null);
  const balance = user?.balance_ngls ?? '0';
  const activation = user ? mastershipTarget(user) : null;
  const seedBad = playerSeedProblem(playerSeed) !== null;
  // What the attempt in flight was sent against: the check compares with the hash shown, not the answer's.
  const sentWith = useRef<{ eidolId: number; shownHash: string } | null>(null);
  const flowState = useWaitApprove({
    start: 'precalc',
    prepare: () => (eidol ? api.trainCommitment(eidol.id) : Promise.reject(new Error(t.common.noEidol))),
    send: (prepared) => {
      const c = prepared as TrainCommitment;
      if (!eidol) return Promise.reject(new Error(t.common.noEidol));
      sentWith.current = { eidolId: eidol.id, shownHash: c.seed_hash };
      return api.train(eidol.id, { seed_hash: c.seed_hash, player_seed: playerSeed });
    },
    // The screen stays after the attempt so the player can check it; Return leads home.
    leaveHome: false,
    locked,
    invalid: activation !== null || trainRefusal(eidol, balance, null) !== '' || seedBad,
    slideKey: String(eidol?.id ?? ''),
    refresh: onRefresh,
    leave: () => navigate('/'),
    onSuccess: (data) => {
      if (sentWith.current) setAttempted({ ...sentWith.current, outcome: data as Attempted['outcome'] });
      // A new seed for the next attempt: a seed is never reused by accident.
      setPlayerSeed(randomPlayerSeed());
    },
  });
  const commitment = flowState.state === 'approve' || flowState.state === 'sending' ? (flowState.prepared as TrainCommitment | null) : null;
  const eidolId = eidol?.id ?? null;
  useEffect(() => {
    if (eidolId === null) return;
    const on = (trained: boolean) => (m: unknown) => {
      if (eventEidolId(m) === eidolId) setPushed({ id: eidolId, trained });
    };
    const offOk = onServerEvent('training_succesfull', on(true));
    const offFail = onServerEvent('training_failed', on(false));
    return () => {
      offOk();
      offFail();
    };
  }, [eidolId]);
  const view = trainButton(eidol, balance, activation, commitment, { state: flowState.state, error: flowState.error, locked }, seedBad);
  const answered = flowState.state === 'success' ? trainedOf(flowState.result) : null;
  const shownAttempt = attempted && attempted.eidolId === eidolId ? attempted : null;
  const trained = answered ?? shownAttempt?.outcome.trained ?? (pushed && pushed.id === eidolId ? pushed.trained : null);
  const figures = eidol ? trainFigures(eidol, commitment) : null;
  const editable = flowState.state !== 'sending' && flowState.state !== 'preparing';
  const press = () => (activation !== null && flowState.state === 'prepare' ? navigate(activation) : flowState.press());
  return (
    <ItemScreenShell
      testId={variant === 'swipe' ? 'screen-transmute' : 'screen-traineidol'}
      title={t.items.ogle.transmute}
      loading={loading}
    >
      {variant === 'swipe' ? <EidolPicker eidols={eidols} eidol={eidol} /> : null}
      {eidol && figures ? (
        <dl className="balances" data-testid="train-figures">
          <div>
            <dt>{t.eidol.value}</dt>
            <dd data-testid="train-value">
              {showAngls(eidol.value)} {t.units.ngls}
            </dd>
          </div>
          <div>
            <dt>{t.items.transmutationFee}</dt>
            <dd data-testid="train-fee">
              {showAngls(figures.fee)} {t.units.ngls}
            </dd>
          </div>
          <div>
            <dt>{t.items.yieldy}</dt>
            <dd data-testid="train-yieldy">{figures.yieldy}</dd>
          </div>
          <div>
            <dt>{t.items.precise}</dt>
            <dd data-testid="train-precise">{figures.precise}</dd>
          </div>
          <div>
            <dt>{t.items.chance}</dt>
            <dd data-testid="train-chance">{figures.chance}</dd>
          </div>
          {commitment ? (
            <div>
              <dt>{t.items.committedSeed}</dt>
              <dd data-testid="train-seed-hash" className="mono">
                {commitment.seed_hash}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="muted">{t.common.noEidolYet}</p>
      )}
      {eidol ? (
        <div className="train-seed">
          <Field
            label={t.items.seeds.playerSeed}
            value={playerSeed}
            onValue={setPlayerSeed}
            errors={seedBad ? [t.items.seeds.badSeed] : undefined}
            disabled={!editable}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="mono"
            data-testid="train-player-seed"
          />
          <Button
            variant="secondary"
            small
            disabled={!editable}
            onClick={() => setPlayerSeed(randomPlayerSeed())}
            data-testid="train-new-seed"
          >
            {t.items.seeds.newSeed}
          </Button>
          <p className="muted small">{t.items.seeds.playerSeedHint}</p>
        </div>
      ) : null}
      {trained !== null ? (
        <p className={trained ? 'notice' : 'error-line'} role="status" data-testid="train-outcome">
          {trainOutcomeText(trained)}
        </p>
      ) : null}
      {shownAttempt ? <TrainReveal key={shownAttempt.outcome.attempt} attempted={shownAttempt} /> : null}
      <ActionButton view={view} onPress={press} testId="train-submit" />
    </ItemScreenShell>
  );
}
