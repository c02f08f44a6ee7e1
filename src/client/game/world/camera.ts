/**
 * The world camera, headless: the own avatar stands at the screen centre and the world scrolls by
 * −coordinate × zoom (forum size 1 draws 1 coordinate per design px, size 2 zooms out to half). It maps
 * coordinates to screen x and back, tiles the repeating layers, culls what is off screen and hit-tests taps.
 */

/** What the camera looks at. */
export interface Camera {
  /** Screen x (design px) of the own avatar. */
  centreX: number;
  /** The own avatar's coordinate. */
  own: number;
  /** Design px per coordinate. */
  zoom: number;
  /** Screen width in design px. */
  viewWidth: number;
}

/** Design px per coordinate for a forum size (1 normal, 2 zoomed out to see twice as far). */
export function zoomOf(forumSize: 1 | 2): number {
  return forumSize === 2 ? 0.5 : 1;
}

/** Screen x of a coordinate. */
export function screenX(cam: Camera, coordinate: number): number {
  return cam.centreX + (coordinate - cam.own) * cam.zoom;
}

/** The coordinate under screen x. */
export function coordinateAt(cam: Camera, x: number): number {
  return cam.own + (x - cam.centreX) / cam.zoom;
}

/** Whether something `halfWidth` coordinates wide each side of `coordinate` shows on screen. */
export function inView(cam: Camera, coordinate: number, halfWidth: number): boolean {
  const x = screenX(cam, coordinate);
  const half = halfWidth * cam.zoom;
  return x + half >= 0 && x - half <= cam.viewWidth;
}

/**
 * Screen x of each tile of a layer repeated every `tileWidth` coordinates and scrolling at `factor` of the
 * camera (1 the lane itself, less for the far layers): enough tiles to cover the screen, left to right.
 * Written into `out` when given (a layer placed every frame keeps one array).
 */
export function tileXs(cam: Camera, factor: number, tileWidth: number, out: number[] = []): number[] {
  out.length = 0;
  const w = tileWidth * cam.zoom;
  if (!(w > 0)) return out;
  const origin = cam.centreX - cam.own * factor * cam.zoom;
  const first = (((origin % w) + w) % w) - w;
  for (let x = first; x < cam.viewWidth; x += w) out.push(x);
  return out;
}

/** A tappable thing on screen: its id, coordinate and its box around its foot (coordinates up, design px). */
export interface Tappable {
  id: number;
  coordinate: number;
  halfWidth: number;
  height: number;
}

/**
 * The id of the thing under a tap at screen (x, y), given the ground line's screen y; the nearest by x
 * wins when boxes overlap; null on empty ground.
 */
export function pickAt(cam: Camera, groundY: number, x: number, y: number, things: Iterable<Tappable>): number | null {
  let best: number | null = null;
  let bestDx = Infinity;
  for (const t of things) {
    const dx = Math.abs(screenX(cam, t.coordinate) - x);
    if (dx > t.halfWidth * cam.zoom) continue;
    if (y > groundY + 30 * cam.zoom || y < groundY - t.height * cam.zoom) continue;
    if (dx < bestDx) {
      bestDx = dx;
      best = t.id;
    }
  }
  return best;
}
