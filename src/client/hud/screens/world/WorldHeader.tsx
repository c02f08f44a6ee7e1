/** The world screen's header (spec 3 §2): chart size, forum size and chart mode toggles, and the own avatar (tap: home). */
import { t } from '../../../i18n/t/world';
import { useStore } from '@nanostores/react';
import { chartSizeLabel } from '../../../../shared/rules/chartSize';
import { masterFrame } from '../../../engine/frameNames';
import { navigate } from '../../../stores/router';
import { $options, cycleChartMode, cycleChartSize, toggleForumSize } from '../../../stores/options';
import { $session } from '../../../stores/session';
import { AtlasIcon } from '../../components/AtlasIcon';
import { Button } from '../../components/Button';

/** The header. */
export function WorldHeader() {
  const options = useStore($options);
  const user = useStore($session).user;
  return (
    <header className="world-header">
      <Button
        small
        variant="secondary"
        aria-label={t.world.chartSize(chartSizeLabel(options.chart_size))}
        onClick={cycleChartSize}
        data-testid="world-chart-size"
      >
        {chartSizeLabel(options.chart_size)}
      </Button>
      <Button
        small
        variant="secondary"
        aria-label={t.world.forumSize(options.forum_size)}
        onClick={toggleForumSize}
        data-testid="world-forum-size"
      >
        {t.world.forumSizeButton(options.forum_size)}
      </Button>
      <Button
        small
        variant="secondary"
        aria-label={t.world.chartMode(options.chart_mode)}
        onClick={cycleChartMode}
        data-testid="world-chart-mode"
      >
        ◐{options.chart_mode}
      </Button>
      {user && (
        <Button
          small
          variant="link"
          className="world-own"
          aria-label={t.world.leaveToHome(user.name)}
          onClick={() => navigate('/')}
          data-testid="world-own"
        >
          <AtlasIcon frame={masterFrame(user.investor_skin_id)} sizeEm={1.6} fallback="☺" />
          <span>{user.name}</span>
        </Button>
      )}
    </header>
  );
}
