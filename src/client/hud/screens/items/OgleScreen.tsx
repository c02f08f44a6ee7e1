/** /ogle, the selected eidol's actions hub: the eidol swiper and a real link button to each item action. */
import { t } from '../../../i18n/t/home';
import { navigate } from '../../../stores/router';
import { Button } from '../../components/Button';
import { EidolPicker } from '../../components/EidolPicker';
import { ItemScreenShell } from './ItemScreenShell';
import { useActionData } from './useActionData';
import { ogleLinks } from './ogleView';

/** The screen. */
export default function OgleScreen() {
  const { eidols, eidol, loading } = useActionData();
  return (
    <ItemScreenShell testId="screen-ogle" title={t.eidol.actionsTitle} loading={loading} returnTo="/">
      <EidolPicker eidols={eidols} eidol={eidol} />
      <nav className="item-links" aria-label={t.eidol.actions}>
        {ogleLinks(eidol).map((l) => (
          <Button key={l.to} variant="secondary" disabled={!l.enabled} onClick={() => navigate(l.to)} data-testid={`ogle-${l.to.slice(1)}`}>
            {l.label}
          </Button>
        ))}
      </nav>
    </ItemScreenShell>
  );
}
