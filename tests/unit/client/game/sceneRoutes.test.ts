// @vitest-environment jsdom
/** The first-paint list of routes with a scene (sceneRoutes.ts) agrees with what the stage draws (sceneForRoute.ts). */
import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '../../../../src/shared/routes';
import { routeHasScene } from '../../../../src/client/game/sceneRoutes';
import { sceneForRoute } from '../../../../src/client/game/sceneForRoute';

describe('routeHasScene', () => {
  it('is true exactly for the routes sceneForRoute gives a scene', async () => {
    const drawn = [];
    for (const route of ROUTE_NAMES) if ((await sceneForRoute(route)) !== null) drawn.push(route);
    expect(drawn.length).toBeGreaterThan(0);
    expect(ROUTE_NAMES.filter(routeHasScene)).toEqual(drawn);
    expect(routeHasScene(null)).toBe(false);
  }, 60_000);
});
