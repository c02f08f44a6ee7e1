/**
 * One lifecycle for every scene — prepare, show, update, resize, hide, reset — and the manager that swaps
 * scenes on the single stage. Scenes draw into a container the manager owns; they never touch React.
 */
import type { Layout } from './resize';

/** The display parent a scene draws into (a Pixi Container in the app; a stub in tests). */
export interface SceneHost {
  addChild(child: unknown): unknown;
  removeChildren(): unknown;
}

/** A scene: what the stage shows for a route. */
export interface Scene {
  /** Name for logs and tests. */
  readonly name: string;
  /** Loads and builds what the scene needs; may be async. */
  prepare(): void | Promise<void>;
  /** Adds the scene's display objects to the host and starts its subscriptions. */
  show(host: SceneHost, layout: Layout): void;
  /** Called every frame with the elapsed ms (no frames while the stage sleeps: nothing changed, nothing animating). */
  update(deltaMs: number): void;
  /**
   * Whether the scene needs frames though nothing it draws changed in this one (a walk between two drawn steps,
   * a smoke loop between two of its frames). Without it, a frame that changes nothing may be the last until
   * the next input or change (engine/stageWake.ts).
   */
  animating?(): boolean;
  /** The viewport changed. */
  resize(layout: Layout): void;
  /** Stops drawing; subscriptions end here. */
  hide(): void;
  /** Releases everything; the scene may be prepared again later. */
  reset(): void;
}

/** Swaps scenes: hides and resets the old one, prepares and shows the new one, forwards frames and resizes. */
export class SceneManager {
  private current: Scene | null = null;
  private layout: Layout;
  private generation = 0;

  /** `beforeShow` runs after a scene prepared and before it appears (the stage moves GPU uploads out of its first frame). */
  constructor(
    private readonly host: SceneHost,
    initialLayout: Layout,
    private readonly beforeShow?: () => Promise<void>,
  ) {
    this.layout = initialLayout;
  }

  /** The scene on stage (null while none or while the next one prepares). */
  get active(): Scene | null {
    return this.current;
  }

  /** Shows `next` (same instance: nothing happens). A later call wins over a still-preparing one. */
  async show(next: Scene | null): Promise<void> {
    if (next === this.current) return;
    const gen = ++this.generation;
    this.teardownCurrent();
    if (!next) return;
    try {
      await next.prepare();
    } catch (err) {
      console.error(`scene ${next.name} failed to prepare`, err);
      return;
    }
    // Warming is an optimisation: the scene appears even if it fails (its first frame then does the work).
    await this.beforeShow?.().catch((err: unknown) => console.error('the stage could not warm up', err));
    if (gen !== this.generation) {
      next.reset();
      return;
    }
    this.current = next;
    next.show(this.host, this.layout);
  }

  /** Forwards a frame to the active scene. */
  update(deltaMs: number): void {
    this.current?.update(deltaMs);
  }

  /** Whether the active scene needs frames though nothing changed. */
  animating(): boolean {
    return this.current?.animating?.() ?? false;
  }

  /** Forwards a viewport change to the active scene. */
  resize(layout: Layout): void {
    this.layout = layout;
    this.current?.resize(layout);
  }

  /** Removes the active scene (app teardown). */
  clear(): void {
    this.generation++;
    this.teardownCurrent();
  }

  private teardownCurrent(): void {
    const old = this.current;
    this.current = null;
    if (!old) return;
    old.hide();
    old.reset();
    this.host.removeChildren();
  }
}
