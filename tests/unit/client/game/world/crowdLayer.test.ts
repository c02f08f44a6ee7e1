// @vitest-environment jsdom
/**
 * The crowd's particle pages, headless: a particle is drawn in the page of its texture's source and tier
 * (bodies before names), a frame's removals apply at commit (one taken out and put back in the same frame
 * never left), a frame of another page moves it there, a restyle marks its page, an empty page is dropped.
 */
import { describe, expect, it } from 'vitest';
import { Particle, Rectangle, Texture, TextureSource } from 'pixi.js';
import { CrowdLayer } from '../../../../../src/client/game/world/crowdLayer';

const sheet = () => new TextureSource({ width: 64, height: 64 });
const frame = (source: TextureSource, x = 0) => new Texture({ source, frame: new Rectangle(x, 0, 8, 8) });

describe('CrowdLayer', () => {
  it('draws by page and tier, applies removals at commit, moves a particle to the page of its new frame', () => {
    const crowd = new CrowdLayer();
    const bodies = sheet();
    const labels = sheet();
    const skin = new Particle({ texture: frame(bodies) });
    const name = new Particle({ texture: frame(labels) });
    const badge = new Particle({ texture: frame(bodies, 8) });
    crowd.add(name, 1);
    crowd.add(skin, 0);
    crowd.add(badge, 0);
    // The bodies' page draws first although the name came first.
    expect(crowd.containers.map((c) => c.particleChildren)).toEqual([[skin, badge], [name]]);
    expect(crowd.size).toBe(3);

    crowd.remove(skin);
    crowd.add(skin, 0);
    crowd.remove(badge);
    expect(crowd.has(badge)).toBe(false);
    expect(crowd.containers[0]!.particleChildren).toHaveLength(2);
    crowd.containers[0]!._childrenDirty = false;
    crowd.commit();
    expect(crowd.containers[0]!.particleChildren).toEqual([skin]);
    expect(crowd.containers[0]!._childrenDirty).toBe(true);

    crowd.containers[0]!._childrenDirty = false;
    crowd.retexture(skin, frame(bodies, 16), 0);
    expect(crowd.containers[0]!._childrenDirty).toBe(true);
    // A frame of another sheet: the particle moves, and its emptied page goes.
    const other = sheet();
    crowd.retexture(skin, frame(other), 0);
    expect(crowd.containers).toHaveLength(2);
    expect(crowd.containers[0]!.texture.source).toBe(other);
    expect(crowd.containers[0]!.particleChildren).toEqual([skin]);

    crowd.remove(name);
    crowd.commit();
    expect(crowd.containers).toHaveLength(1);
    crowd.clear();
    expect(crowd.containers).toHaveLength(0);
    expect(crowd.size).toBe(0);
  });
});
