/**
 * The world's action area (spec 3 §2, §4, §5): the controls of where the avatar stands as real buttons,
 * the action machine's text while it sends or shows a result, and the verse / yell / scribe inputs (verse
 * mode opens the chat log). An empty verse or scribe is not sent; an empty yell just closes.
 */
import { t } from '../../../i18n/t/world';
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { WorldAction, WorldActionState } from '../../../machines/worldActionMachine';
import { $ownPosition, $worldRoom, $worldSelection } from '../../../game/world/worldStores';
import { $numberSamples } from '../../../game/eidol/eidolStores';
import { navigate } from '../../../stores/router';
import { cycleChartMode } from '../../../stores/options';
import { $config } from '../../../stores/config';
import { $game } from '../../../stores/game';
import { $session } from '../../../stores/session';
import { Button } from '../../components/Button';
import { $itemCounts, $selectedObject, $standingKey, serverNow, walkerNow } from './worldHudStores';
import { chartBallLabel, worldControls, type WorldControl } from './worldView';
import { ChatLog } from './ChatLog';

/** Which text input is open. */
export type WorldInput = 'verse' | 'yell' | 'scribe';

/** Props: the machine's state and text, and how to tap it. */
export interface WorldControlsProps {
  state: WorldActionState;
  /** The machine's text (null when idle: the controls show). */
  text: string | null;
  tap: (action?: WorldAction) => void;
  now?: () => number;
}

/** A label counting down (incense, caravan) is redrawn every second. */
const TICK_MS = 1_000;
/** Without one, the clock is read this often: a title running out moves a gate or a limit. */
const SLOW_TICK_MS = 30_000;

/** Reads the clock every `periodMs`, and at once when the period changes (a countdown starts from now). */
function useNow(now: () => number, periodMs: number): number {
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    setNowMs(now());
    const t = setInterval(() => setNowMs(now()), periodMs);
    return () => clearInterval(t);
  }, [now, periodMs]);
  return nowMs;
}

/** Whether any label reads differently a second later (a countdown shows). */
const countsDown = (a: WorldControl[], b: WorldControl[]) => a.length !== b.length || a.some((c, i) => c.label !== b[i]!.label);

/** The controls and inputs. */
export function WorldControls({ state, text, tap, now = serverNow }: WorldControlsProps) {
  useStore($standingKey); // re-render when the zone or gate changes, not every frame
  const room = useStore($worldRoom);
  const items = useStore($itemCounts);
  const game = useStore($game).game;
  const selected = useStore($selectedObject);
  const config = useStore($config);
  const user = useStore($session).user;
  const samples = useStore($numberSamples);
  const [fast, setFast] = useState(true);
  const nowMs = useNow(now, fast ? TICK_MS : SLOW_TICK_MS);
  const [input, setInput] = useState<WorldInput | null>(null);
  const [draft, setDraft] = useState('');

  if (room === null) return null;
  const adminName = config?.admin_name ?? '';
  const place = {
    room,
    coordinate: $ownPosition.get().coordinate,
    walker: walkerNow(nowMs),
    items,
    game,
    selected,
    admin: Boolean(user && adminName && user.name === adminName),
    chartBall: chartBallLabel(adminName, samples[0]?.amount),
    nowMs,
  };
  const controls = worldControls(place);
  // A still screen re-renders once a second only while a label counts down (issue #33: an idle screen sleeps).
  const counting = countsDown(controls, worldControls({ ...place, nowMs: nowMs + TICK_MS }));
  if (counting !== fast) setFast(counting);

  const run = (c: WorldControl) => {
    if (c.kind === 'action') tap(c.action);
    else if (c.kind === 'navigate') navigate(c.to);
    else if (c.kind === 'chartMode') cycleChartMode();
    else if (c.kind === 'input') {
      setInput(input === c.input ? null : c.input);
      setDraft('');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const verse = draft.trim();
    if (!input) return;
    if (!verse) {
      if (input === 'yell') setInput(null);
      return;
    }
    if (state === 'sending') return;
    tap({ kind: input, text: verse });
    setDraft('');
    // Verse mode stays open for the conversation; a yell or an inscription is one message.
    if (input !== 'verse') setInput(null);
  };

  return (
    <section className="world-controls" aria-label={t.world.actions}>
      {input === 'verse' && <ChatLog />}
      {input && (
        <form className="world-input" onSubmit={submit}>
          <input
            aria-label={input === 'verse' ? t.world.verse : input === 'yell' ? t.world.yell : t.world.scribe}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoFocus
            data-testid={`world-input-${input}`}
          />
          <Button type="submit" small data-testid="world-input-send">
            {input === 'scribe' ? t.world.inscribe : t.world.send}
          </Button>
          <Button small variant="secondary" onClick={() => setInput(null)}>
            {t.common.close}
          </Button>
        </form>
      )}
      {text !== null ? (
        <Button
          variant={state === 'error' ? 'error' : 'primary'}
          aria-busy={state === 'sending'}
          onClick={() => tap()}
          data-testid="world-action"
        >
          {text}
        </Button>
      ) : (
        <div className="world-buttons">
          {selected && (
            <p className="world-selected" data-testid="world-selected">
              {selected.type === 'master' ? selected.name : t.world.inscriptionBy(selected.name)}
              <Button small variant="link" aria-label={t.world.deselect} onClick={() => $worldSelection.set(null)}>
                ×
              </Button>
            </p>
          )}
          {controls.map((c) =>
            c.kind === 'text' ? (
              <p key={c.label} className="world-note" role="status" data-testid="world-note">
                {c.label}
              </p>
            ) : (
              <Button
                key={c.label}
                onClick={() => run(c)}
                aria-pressed={c.kind === 'input' ? input === c.input : undefined}
                data-testid="world-action"
              >
                {c.label}
              </Button>
            ),
          )}
        </div>
      )}
    </section>
  );
}
