/** The top panel (spec 3 §2): the figures of the zone the avatar stands in (worldPanel.ts). */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ZoneName } from '../../../../shared/rules/world';
import { $worldRoom } from '../../../game/world/worldStores';
import { $worldTelemetry } from '../../../game/world/worldSync';
import { $game } from '../../../stores/game';
import { $mastersPresent, $standingKey, serverNow } from './worldHudStores';
import { topPanel } from './worldPanel';

/** Props: the clock (tests pass their own). */
export interface WorldTopPanelProps {
  now?: () => number;
}

/** The panel; it reads the clock every 30 s for the incense rate and the caravan's return. */
export function WorldTopPanel({ now = serverNow }: WorldTopPanelProps) {
  const key = useStore($standingKey);
  const room = useStore($worldRoom);
  const telemetry = useStore($worldTelemetry);
  const game = useStore($game).game;
  const mastersPresent = useStore($mastersPresent);
  const [nowMs, setNowMs] = useState(now);
  useEffect(() => {
    const t = setInterval(() => setNowMs(now()), 30_000);
    return () => clearInterval(t);
  }, [now]);
  if (room === null) return null;
  const zone = (key.split('|')[0] || null) as ZoneName | null;
  const panel = topPanel({ room, zone, telemetry, game, mastersPresent, nowMs });
  return (
    <section className="panel world-top" aria-label={panel.title} data-testid="world-top">
      <h2>{panel.title}</h2>
      <dl className="world-figures">
        {panel.rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
