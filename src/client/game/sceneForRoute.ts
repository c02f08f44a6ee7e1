/** Which scene the stage shows for a route; scenes are created once and reused through their lifecycle. */
import type { RouteName } from '../../shared/routes';
import type { Scene } from '../engine/scene';
import { BackdropScene } from './backdropScene';
import { MasterScene } from './masterScene';
import { HomeScene } from './home/homeScene';
import { EidolScene } from './eidol/eidolScene';
import { ShopScene } from './shop/shopScene';
import { WorldScene } from './world/worldScene';
import { DITCH, FORUM } from '../../shared/rules/world';
import { deviceClock, riskControl } from './eidol/eidolStores';
import { $referrerChoice, $registerChoice } from './stageStores';

const cache = new Map<string, Scene>();

function once(key: string, make: () => Scene): Scene {
  let scene = cache.get(key);
  if (!scene) cache.set(key, (scene = make()));
  return scene;
}

/** The scene for a route (the gallery draws its own content, so it gets none). */
export function sceneForRoute(route: RouteName | null): Scene | null {
  switch (route) {
    case 'gallery':
      return null;
    case 'register':
    case 'registerRef':
      return once('register', () => new MasterScene('register-masters', $registerChoice));
    case 'registerCode':
      return once('referrer', () => new MasterScene('referrer-master', $referrerChoice));
    case 'eidol':
      return once('eidol', () => new EidolScene(riskControl, deviceClock));
    case 'home':
      return once('home', () => new HomeScene());
    case 'forum':
      return once('forum', () => new WorldScene(FORUM));
    case 'ditch':
      return once('ditch', () => new WorldScene(DITCH));
    case 'mageShop':
    case 'eggShop':
    case 'gdaoShop':
      return once('shop', () => new ShopScene());
    default:
      return once('backdrop', () => new BackdropScene());
  }
}
