/**
 * The one Pixi stage of the app, created once behind the React HUD by Pixi's `Application`
 * (see app/PixiStage.tsx) and taken over here. Scenes are swapped through the SceneManager; the root
 * container is scaled so scenes draw in 1080-wide design pixels.
 */
import { Container, type Application } from 'pixi.js';
import { SceneManager, type Scene } from './scene';
import { computeLayout, watchLayout, type Layout } from './resize';
import { renderOnDemand } from './pixi-internals/renderOnDemand';
import { createGpuWarmUp } from './gpuWarmUp';
import { loadedSources } from './atlas';
import { gpuIdle } from './gpuIdle';
import { setStageWaker } from './stageWake';
import { wakeOnInput } from './inputWake';

/** The mounted stage. */
export interface Stage {
  app: Application;
  /** Scaled to design pixels. */
  root: Container;
  scenes: SceneManager;
  /** The latest layout. */
  layout(): Layout;
}

let pendingScene: Scene | null = null;
let mounted: (Stage & { release(): void; show(scene: Scene | null): void }) | null = null;

/** The options the stage's Pixi application starts with (sized to the current layout). */
export function stageOptions() {
  const layout = computeLayout(window.innerWidth, window.innerHeight);
  const resolution = Math.min(window.devicePixelRatio || 1, 2);
  return {
    width: layout.width,
    height: layout.height,
    backgroundAlpha: 0,
    // Multisampling costs every frame a multisampled buffer and its resolve (a phone's GPU pays it in fill
    // rate, a GPU-less machine on its main thread); on a dense screen its edges are finer than a pixel anyway.
    antialias: resolution < 1.5,
    autoDensity: true,
    resolution,
    preference: 'webgl' as const,
  };
}

/**
 * Takes over an initialised Pixi application: root container, scene manager, layout and frames (drawn
 * only when something changed, none at all while nothing changes: pixi-internals/renderOnDemand.ts). Called once per application (app/PixiStage.tsx,
 * after init); a new application replaces the old one's wiring.
 */
export function attachStage(app: Application): Stage {
  if (mounted?.app === app) return mounted;
  mounted?.release();
  app.canvas.setAttribute('aria-hidden', 'true');
  app.canvas.dataset.testid = 'stage';
  // Hidden until its first scene's first frame is done on the GPU: a visible canvas is read back at every
  // commit where the browser composites in software, and that read-back waits for whatever the GPU is still
  // doing (the drawing buffer's first allocation, the first draws into it): one long task on home (issue #8).
  // The canvas keeps its place in the layout meanwhile.
  app.canvas.style.visibility = 'hidden';
  let revealing = false;
  const reveal = async () => {
    if (revealing) return;
    revealing = true;
    frames.renderNow();
    await gpuIdle('gl' in app.renderer ? app.renderer.gl : undefined);
    app.canvas.style.visibility = '';
  };
  const root = new Container();
  app.stage.addChild(root);
  let layout = computeLayout(window.innerWidth, window.innerHeight);
  const warm = createGpuWarmUp(app.renderer);
  const scenes = new SceneManager(root, layout, () => warm(loadedSources()));
  const frames = renderOnDemand(app, (deltaMs) => scenes.update(deltaMs), { animating: () => scenes.animating() });
  const stopWaker = setStageWaker(frames.wake);
  const stopInput = wakeOnInput(frames.wake);
  const stopLayout = watchLayout((next) => {
    layout = next;
    app.renderer.resize(next.width, next.height);
    root.scale.set(next.scale);
    scenes.resize(next);
    // Resizing clears the canvas, whether or not a scene moved anything.
    frames.invalidate();
  });
  const release = () => {
    stopLayout();
    stopWaker();
    stopInput();
    frames.release();
    void scenes.show(null);
  };
  const show = (scene: Scene | null) => {
    // The new scene's first frames (its prepare may add nothing to the stage for a while).
    frames.wake();
    void scenes.show(scene).then(() => (scene && scenes.active === scene ? reveal() : undefined));
  };
  mounted = { app, root, scenes, layout: () => layout, release, show };
  if (pendingScene) show(pendingScene);
  return mounted;
}

/** Shows a scene on the stage (remembered until the stage exists). */
export function showScene(scene: Scene | null): void {
  pendingScene = scene;
  mounted?.show(scene);
}
