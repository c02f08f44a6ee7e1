/**
 * /mageshop, /eggshop and /gdaoshop (spec 2 §2 "Shop screens"): the swipeable list on the stage with the
 * chosen item's name, description, price in its paying currency and stock under it; "Loading shop..." until
 * the lists load (polled every 20 s); the two-stage buy button (the gas precalculation `POST /wallet/withdraw`,
 * BNB with its 0.001 surcharge, then `POST /shop/buy`), or one press through `POST /drop` in the gDAO store,
 * which also locks while the caravan restocks. A purchase shows a success line for 3 s and the shop stays.
 */
import { t } from '../../../i18n/t/shop';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { User } from '../../../../shared/api/user';
import { mastershipTarget } from '../../../../shared/rules/wallet';
import { $session } from '../../../stores/session';
import { $game } from '../../../stores/game';
import { navigate } from '../../../stores/router';
import { $roundOpen } from '../../../app/roundClock';
import { refreshGameNow } from '../../../net/gameSync';
import { shopApi, type ShopApi, type ShopItem } from '../../../net/shopApi';
import { walletApi, type WalletApi } from '../../../net/walletApi';
import type { PrecalcFee } from '../../../machines/transactionMachine';
import { $shopIndex, $shopItems, bindShopSwiper } from '../../../game/shop/shopStores';
import { useTransaction } from '../../useTransaction';
import { Button } from '../../components/Button';
import { TransactionButton } from '../../components/TransactionButton';
import { RoundCountdown } from '../../components/RoundCountdown';
import { ShopSwiperBand } from '../../components/ShopSwiperBand';
import { refreshAfterTransaction } from '../wallet/afterTransaction';
import { useShopList } from './useShopList';
import {
  GDAO_LABEL,
  LOADING_SHOP,
  SHOP_LABELS,
  SUCCESS_CLEAR_MS,
  SUCCESS_TEXT,
  payCurrency,
  priceText,
  restockLeftMs,
  shopRequest,
  stockText,
  surchargeText,
  type ShopVariant,
} from './shopView';

/** Props: the variant, the endpoints (tests pass fakes), the refresh after a purchase and the round lock. */
export interface ShopScreenProps {
  variant: ShopVariant;
  api?: Pick<ShopApi, 'list' | 'buy' | 'drop'>;
  wallet?: Pick<WalletApi, 'feeQuote'>;
  onRefresh?: () => void;
  locked?: boolean;
}

const TITLES: Readonly<Record<ShopVariant, string>> = { mage: t.shop.mageShop, egg: t.shop.eggShop, gdao: t.shop.gdaoStore };

/** The screen. */
export default function ShopScreen(props: ShopScreenProps) {
  const { user } = useStore($session);
  const roundOpen = useStore($roundOpen);
  if (!user) return null;
  return <Shop user={user} {...props} locked={props.locked ?? !roundOpen} />;
}

/** Time left of the caravan's restock lock (server clock), ticking every second while it lasts. */
function useRestockMs(active: boolean): number | null {
  const { game, clockOffsetMs } = useStore($game);
  const [now, setNow] = useState(() => Date.now());
  const left = active ? restockLeftMs(game, now + clockOffsetMs) : null;
  const ticking = left !== null;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [ticking]);
  return left;
}

function Shop({
  variant,
  user,
  api = shopApi,
  wallet = walletApi,
  onRefresh = refreshAfterTransaction,
  locked = false,
}: ShopScreenProps & { user: User }) {
  const { items, error } = useShopList(variant, api);
  useEffect(() => bindShopSwiper(), []);
  useEffect(() => {
    if (items) $shopItems.set(items);
  }, [items]);
  const index = useStore($shopIndex);
  const item = items?.[index] ?? null;
  const restockMs = useRestockMs(variant === 'gdao');
  // The caravan's state comes with the game, polled only every minute: the store reads it fresh on opening.
  useEffect(() => {
    if (variant === 'gdao') refreshGameNow();
  }, [variant]);
  const [success, setSuccess] = useState('');
  // A purchase leaves the flow in "Done!": a fresh flow (new key) lets the player buy again.
  const [purchases, setPurchases] = useState(0);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(''), SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [success, purchases]);

  return (
    <main className="screen shop-screen" data-testid={`screen-${variant}shop`}>
      <ShopSwiperBand label={TITLES[variant]} />
      <RoundCountdown place="area" />
      <section className="panel" aria-label={TITLES[variant]}>
        {items === null ? <p data-testid="shop-loading">{error || LOADING_SHOP}</p> : null}
        {items !== null && items.length === 0 ? <p data-testid="shop-empty">{t.shop.empty}</p> : null}
        {item ? <ItemDetails item={item} /> : null}
      </section>
      <p className="success-line" role="status" data-testid="shop-success">
        {success}
      </p>
      <ShopBuy
        key={purchases}
        variant={variant}
        item={item}
        user={user}
        locked={locked}
        restockMs={restockMs}
        api={api}
        wallet={wallet}
        onRefresh={onRefresh}
        onBought={() => {
          setSuccess(SUCCESS_TEXT);
          setPurchases((n) => n + 1);
        }}
      />
      <Button variant="secondary" onClick={() => navigate(variant === 'gdao' ? '/coop' : '/')}>
        {t.common.return}
      </Button>
    </main>
  );
}

function ItemDetails({ item }: { item: ShopItem }) {
  const surcharge = surchargeText(item);
  return (
    <>
      <h2 data-testid="shop-name">{item.name}</h2>
      <p className="muted" data-testid="shop-description">
        {plainText(item.description)}
      </p>
      <p data-testid="shop-price">{priceText(item)}</p>
      {surcharge ? (
        <p className="muted" data-testid="shop-surcharge">
          {surcharge}
        </p>
      ) : null}
      <p className="muted" data-testid="shop-stock">
        {stockText(item)}
      </p>
    </>
  );
}

interface ShopBuyProps {
  variant: ShopVariant;
  item: ShopItem | null;
  user: User;
  locked: boolean;
  restockMs: number | null;
  api: Pick<ShopApi, 'buy' | 'drop'>;
  wallet: Pick<WalletApi, 'feeQuote'>;
  onRefresh: () => void;
  onBought: () => void;
}

/** The purchase flow of the chosen item and its gas line. */
function ShopBuy({ variant, item, user, locked, restockMs, api, wallet, onRefresh, onBought }: ShopBuyProps) {
  const [fee, setFee] = useState<PrecalcFee | null>(null);
  const request = shopRequest(item, { variant, user, fee, restockMs });
  const currency = item ? payCurrency(item) : null;
  const flow = useTransaction({
    precalculate: (input) => (input?.quote ? wallet.feeQuote(input.quote) : Promise.reject(new Error('nothing to precalculate'))),
    commit: ({ input }) => {
      if (!input) return Promise.reject(new Error('no item chosen'));
      return variant === 'gdao' ? api.drop(input.dropItemId) : api.buy(input.shopItemId);
    },
    input: request.body,
    inputKey: request.key,
    invalid: request.invalid,
    direct: request.direct,
    activation: mastershipTarget(user),
    locked,
    labels: request.direct ? directLabels(variant === 'gdao' || currency === 'token' ? GDAO_LABEL : SHOP_LABELS.stage1) : SHOP_LABELS,
    activate: (target) => navigate(target),
    refresh: onRefresh,
    leave: onBought,
  });
  if (flow.fee !== fee) setFee(flow.fee);
  const gas = fee && currency && currency !== 'token' ? fee[currency] : null;
  return (
    <>
      {gas !== null ? <p className="muted" data-testid="shop-gas">{`GAS: ${gas}`}</p> : null}
      <TransactionButton flow={flow} testId="shop-buy" />
    </>
  );
}

/** Both stages of a one-press purchase read the same. */
function directLabels(label: string) {
  return { stage0: label, stage1: label };
}

/** A description (HTML in the catalogue, spec 2 §3) as plain text: no markup from the wire reaches the DOM. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
