/**
 * Which scene the stage shows for a route; scenes are created once and reused through their lifecycle.
 * The entry screens have none: register's master and the referral landing's are drawn in the DOM
 * (hud/components/BandArtView.tsx), so a visitor who has not logged in never starts WebGL. Onboarding
 * (behind register and login) and home's scenes come with the stage; the others (eidol, shops, the worlds) load
 * with their first visit, so their code stays out of the stage's chunk (issue #8's size budget).
 */
import type { RouteName } from '../../shared/routes';
import type { Scene } from '../engine/scene';
import { BandScene } from './bandScene';
import { HomeScene } from './home/homeScene';
import { $onboardingArt } from './stageStores';
import { ONBOARDING_FRAMES } from './onboardingArt';

const cache = new Map<string, Promise<Scene>>();

function once(key: string, make: () => Scene | Promise<Scene>): Promise<Scene> {
  let scene = cache.get(key);
  if (!scene) {
    scene = Promise.resolve().then(make);
    cache.set(key, scene);
    // A chunk that failed to load (a dropped connection) is tried again on the next visit.
    scene.catch(() => cache.delete(key));
  }
  return scene;
}

/** The scene for a route; null for the routes that stand on the CSS backdrop (sceneRoutes.ts lists the others). */
export function sceneForRoute(route: RouteName | null): Promise<Scene | null> {
  switch (route) {
    case 'onboarding':
    case 'onboardingEcto':
      return once('onboarding', () => new BandScene('onboarding-art', $onboardingArt, ONBOARDING_FRAMES));
    case 'eidol':
      return once('eidol', async () => {
        const [{ EidolScene }, { deviceClock, riskControl }] = await Promise.all([
          import('./eidol/eidolScene'),
          import('./eidol/eidolStores'),
        ]);
        return new EidolScene(riskControl, deviceClock);
      });
    case 'home':
      return once('home', () => new HomeScene());
    case 'forum':
    case 'ditch':
      return once(route, async () => {
        const [{ WorldScene }, { DITCH, FORUM }] = await Promise.all([import('./world/worldScene'), import('../../shared/rules/world')]);
        return new WorldScene(route === 'forum' ? FORUM : DITCH);
      });
    case 'mageShop':
    case 'eggShop':
    case 'gdaoShop':
      return once('shop', async () => new (await import('./shop/shopScene')).ShopScene());
    default:
      return Promise.resolve(null);
  }
}
