/**
 * The stage of /forum and /ditch (one class, room 1 or 2): tiled layers at their parallax, the zone props,
 * the masters and inscriptions of $worldObjects, the own avatar at the screen centre driven by the swipe
 * law, the selection ring, and the Forum charts in a band above the lane. A thin view over headless parts
 * (inertia, camera, avatar motion, props, the object diff and the cull): each frame it moves only what
 * moved and is drawn, and redraws the charts, props and nodes only when their inputs change. Off-screen
 * nodes are hidden (Pixi then neither transforms nor batches them) and only written to when they show again;
 * the others' masters are particles of one ParticleContainer per texture page (crowdLayer.ts), so a walker's
 * step is a write and showing or hiding one changes no draw list; only the drawn walkers are stepped every
 * frame (and written to only when on screen). A crowd's update is applied SYNC_SLICE changed objects a frame. An object gets its node (sprites
 * and label) the first time it is drawn: entering a room of hundreds builds the screenful, not the lane; one
 * that comes into the cull's margin off screen is built a few a frame (BUILDS_PER_FRAME) before it shows.
 */
import { Container, Sprite } from 'pixi.js';
import { hasTexture, loadAtlases, onAtlasesLoaded, texture } from '../../engine/atlas';
import { INCENSE_SMOKE_FRAMES, SELECTION_RING_FRAME, worldLayerFrame } from '../../engine/frameNames';
import { DESIGN_WIDTH, type Layout } from '../../engine/resize';
import type { Scene, SceneHost } from '../../engine/scene';
import { Disposables } from '../../engine/disposables';
import { wakeStage, wakeStageEvery, waking } from '../../engine/stageWake';
import { $reducedMotion } from '../../engine/motion';
import { $config } from '../../stores/config';
import { $game } from '../../stores/game';
import { $options } from '../../stores/options';
import { $session } from '../../stores/session';
import { DITCH, type RoomId } from '../../../shared/rules/world';
import type { WorldObject } from '../../../shared/api/rooms';
import { $ownObjectId, $ownPosition, $worldObjects, $worldSelection } from './worldStores';
import { inView, pickAt, zoomOf, type Camera, type Tappable } from './camera';
import { AvatarMotion, CATCH_UP_MS } from './avatarMotion';
import { excerpt, MASTER_BOX, MasterNode, masterLookKey, SCRIBE_BOX, ScribeNode, type MasterLook } from './worldAvatars';
import { CrowdMaster } from './crowdMaster';
import { CrowdLayer } from './crowdLayer';
import { objectChange } from './worldDiff';
import { cullStep, NODE_HALF_WIDTH, shownAlong } from './worldCull';
import { TiledLayer } from './worldLayers';
import { LabelAtlas } from './labelAtlas';
import { nameLanes } from './nameLanes';
import { worldProps, type PropSpec } from './worldProps';
import { ForumCharts } from './forumChartDrawing';
import { $forumChartSamples, $forumNumberSamples, defaultForumChartApi, startForumChartData, type ForumChartApi } from './forumChartData';
import { worldControl, type WorldControl } from './worldControl';
import { activeTitles, holdsPuff } from './worldWalker';

/** Where the lane's ground line sits, as a share of the design height. */
export const GROUND_SHARE = 0.68;
/** The charts' band (shares of the design height): above the avatars' heads. */
export const CHART_BAND = { top: 0.2, height: 0.17 };
/** Smoke animation frame length. */
const SMOKE_FRAME_MS = 150;
/** How often lit incense and the caravan are re-read against the clock. */
const PROPS_CHECK_MS = 1000;
/** How often the names of the masters on screen are put in lanes (walkers move a little between two). */
const NAME_LANES_MS = 150;
const HOUR_MS = 3_600_000;
/** Half the widest prop (the gates, the store): the props' culling margin. */
const CULL_HALF_WIDTH = 240;
/**
 * Changed objects of $worldObjects applied per frame: a crowd's `forumupd` (every master moved) is spread over
 * a few frames instead of stalling one (520 moves: 9 frames, 150 ms); an object that restates what is drawn
 * costs a compare and is not counted, so a few walkers in a full room apply in the next frame.
 */
export const SYNC_SLICE = 64;
/**
 * Nodes built per frame for objects drawn in the cull's margin but not yet on screen: a glide through a crowd
 * reaches ten masters a cull step, and the margin gives a dozen frames before the first shows.
 */
export const BUILDS_PER_FRAME = 4;

interface Other {
  obj: WorldObject;
  /** Null until the object is first drawn; kept (hidden) once it is culled again. */
  node: CrowdMaster | ScribeNode | null;
  motion: AvatarMotion;
  /** Drawn (not culled): only a drawn node's x, facing and smoke are kept current. */
  shown: boolean;
  /** The last sync pass that found the object in $worldObjects. */
  seen: number;
  /** The scene time its motion was last stepped to: a culled walker is stepped only when it is looked at. */
  steppedAt: number;
}

/**
 * A pass over $worldObjects that is still being applied, a slice a frame. It walks the ids the room held when
 * it started and applies each object as the room holds it when reached: a newer state does not restart it
 * (a room updated faster than a pass applies would never reach its last objects), it only asks for one more.
 */
interface SyncPass {
  ids: Iterator<number>;
  /** Rebuild every node (the config or the atlases changed). */
  force: boolean;
}

interface DrawnProp {
  spec: PropSpec;
  sprite: Sprite;
  smoke: Sprite | null;
}

/** What the scene may take from outside (the bench passes its own clock and chart data). */
export interface WorldSceneDeps {
  /** Device clock (ms). */
  clock?: { now(): number };
  chartApi?: ForumChartApi;
  control?: WorldControl;
}

/** The world scene for room 1 (Forum) or 2 (Ditch). */
export class WorldScene implements Scene {
  readonly name: string;
  private readonly bag = new Disposables();
  private readonly view = new Container();
  /** The lane: scrolled and zoomed as one transform, so walking moves one container, not every child. */
  private readonly world = new Container({ isRenderGroup: true });
  private readonly propLayer = new Container();
  private readonly avatarLayer = new Container();
  /** Inscriptions, behind the masters (they stand still: their rare flips rebuild the lane's small list). */
  private readonly scribeLayer = new Container();
  /** The others' masters as particles; the own avatar draws over them. */
  private readonly crowd = new CrowdLayer();
  private readonly layers: TiledLayer[];
  private charts: ForumCharts | null = null;
  private ring: Sprite | null = null;
  private own: MasterNode | null = null;
  private readonly others = new Map<number, Other>();
  /** The drawn others that are walking: the only ones stepped every frame. */
  private readonly moving = new Set<number>();
  /** The drawn (not culled) others: the name lanes, the smoke and a tap look only at these, not the whole room. */
  private readonly drawn = new Set<Other>();
  /** The name lanes' working lists, reused from one pass to the next. */
  private readonly laneNodes: (MasterNode | CrowdMaster)[] = [];
  private readonly laneSpans: { x: number; halfWidth: number }[] = [];
  private readonly laneOut: number[] = [];
  /** Drawn objects in the cull's margin waiting for their node, oldest first. */
  private readonly unbuilt = new Set<Other>();
  /** The names' and excerpts' shared pages. */
  private readonly labels = new LabelAtlas();
  private props: DrawnProp[] = [];
  private layout: Layout | null = null;
  private readonly clock: { now(): number };
  private readonly control: WorldControl;
  private readonly chartApi: ForumChartApi | undefined;
  private written: { coordinate: number; flip: boolean; moving: boolean } | null = null;
  /** One camera object, updated in place: the frame loop allocates nothing. */
  private readonly cam: Camera = { centreX: DESIGN_WIDTH / 2, own: 0, zoom: 1, viewWidth: DESIGN_WIDTH };
  private syncPass = 0;
  private syncing: SyncPass | null = null;
  /** The room changed during the pass: another pass follows it (for the objects it had passed or not known). */
  private resync = false;
  /** The cull's grid point and zoom the others were last culled for (NaN: never). */
  private culledStep = NaN;
  private culledZoom = NaN;
  private zoom = 1;
  private elapsed = 0;
  private smokeFrame = -1;
  private propsCheckAt = 0;
  private chartHour = 0;
  /** When the name lanes are worked out next (scene time): a few times a second is enough for walkers. */
  private lanesAt = 0;
  /** Scene time by which every walk reported so far has arrived, culled walkers' too (they are stepped only when looked at). */
  private walksUntil = 0;
  /** A name on screen may have moved, come or gone since the lanes were worked out (a still crowd: no pass). */
  private lanesDirty = true;
  private camDirty = true;
  private chartsDirty = true;
  private propsDirty = true;
  private ownDirty = true;
  private ringDirty = true;

  constructor(
    readonly room: RoomId,
    deps: WorldSceneDeps = {},
  ) {
    this.name = room === DITCH ? 'ditch' : 'forum';
    this.clock = deps.clock ?? { now: () => Date.now() };
    this.control = deps.control ?? worldControl;
    this.chartApi = deps.chartApi;
    const world = room === DITCH ? 'ditch' : 'forum';
    // Behind the own avatar (added last by buildOwn) and in front of the selection ring (added first).
    this.avatarLayer.addChild(this.scribeLayer, this.crowd.view);
    this.layers = [
      new TiledLayer(worldLayerFrame(world, 'parallax'), 0.3, 1, -120),
      new TiledLayer(worldLayerFrame(world, 'rear'), 0.6, 1, -40),
      new TiledLayer(worldLayerFrame(world, 'front'), 1, 0, -70),
    ];
  }

  /** Waits for the shared atlas load (world-*, props and masters are among its sheets). */
  async prepare(): Promise<void> {
    await loadAtlases().catch(() => undefined);
  }

  show(host: SceneHost, layout: Layout): void {
    host.addChild(this.view);
    this.charts ??= new ForumCharts();
    this.world.addChild(this.propLayer, this.avatarLayer);
    this.view.addChild(this.layers[0]!.view, this.layers[1]!.view, this.charts.view, this.layers[2]!.view, this.world);
    this.layout = layout;
    const p = $ownPosition.get();
    // A swipe made while the scene was still loading keeps its speed: only the position comes from the room.
    const glide = this.control.inertia.velocity;
    this.control.inertia.place(this.room, p.coordinate, glide !== 0 ? glide < 0 : p.flip);
    this.control.inertia.velocity = glide;
    this.written = p;
    // Each of these marks what the next frames apply or redraw: they wake a sleeping stage for it.
    this.bag.add($worldObjects.subscribe(waking(() => this.syncObjects(false))));
    this.bag.add($ownObjectId.listen(waking(() => this.syncObjects(false))));
    this.bag.add($ownPosition.listen(waking((v) => this.ownPlaced(v))));
    this.bag.add($worldSelection.listen(waking(() => (this.ringDirty = true))));
    this.bag.add($game.listen(waking(() => (this.propsDirty = this.ownDirty = true))));
    this.bag.add($session.listen(waking(() => (this.ownDirty = true))));
    this.bag.add($config.listen(waking(() => this.rebuildAll())));
    this.bag.add($options.subscribe(waking((o) => this.optionsChanged(zoomOf(o.forum_size)))));
    this.bag.add($forumChartSamples.listen(waking(() => (this.chartsDirty = true))));
    this.bag.add($forumNumberSamples.listen(waking(() => (this.chartsDirty = true))));
    this.bag.add($reducedMotion.listen(waking(() => (this.smokeFrame = -1))));
    // Already loaded atlases call back at once: the nodes just built need no rebuild then.
    let subscribing = true;
    this.bag.add(
      onAtlasesLoaded(
        waking(() => {
          if (!subscribing) this.rebuildAll();
        }),
      ),
    );
    subscribing = false;
    // Lit incense and the caravan follow the clock, and the charts' last hour starts at each hour's turn: both
    // are looked at while the stage sleeps, and wake it only when the picture is due to change.
    const propsTimer = setInterval(() => {
      if (!this.propsChanged()) return;
      this.propsDirty = true;
      wakeStage();
    }, PROPS_CHECK_MS);
    this.bag.add(() => clearInterval(propsTimer));
    this.bag.add(wakeStageEvery(HOUR_MS, this.clock));
    this.bag.add(startForumChartData(this.chartApi ?? defaultForumChartApi()));
  }

  update(deltaMs: number): void {
    this.elapsed += deltaMs;
    const inertia = this.control.inertia;
    const wasMoving = inertia.moving;
    const moved = inertia.update(deltaMs);
    if (moved || (wasMoving && !inertia.moving)) this.publishOwn();
    if (moved) this.camDirty = true;
    if (this.ownDirty) this.buildOwn();
    if (this.propsDirty || this.elapsed >= this.propsCheckAt) this.syncProps();
    if (this.syncing) this.syncSlice(SYNC_SLICE);
    this.buildSome();
    const cam = this.camera();
    const selected = $worldSelection.get();
    for (const id of this.moving) {
      const o = this.others.get(id)!;
      this.catchUp(o);
      // Drawn for its whole way when the walk was reported; arrived, it is culled where it stands. A drawn
      // walker in the cull's margin, off screen where it was and where it is, is not written to (Pixi would
      // transform and repack its sprites for nothing): that is half the drawn crowd at forum size 1.
      const node = o.node;
      if (!o.motion.moving) this.place(o, cam);
      else if (node && (inView(cam, o.motion.x, NODE_HALF_WIDTH) || inView(cam, xOf(node), NODE_HALF_WIDTH))) {
        setX(node, o.motion.x);
        this.lanesDirty = true;
      }
      if (id === selected) this.ringDirty = true;
    }
    if (this.camDirty) this.placeCamera(cam);
    const tap = this.control.takeTap();
    if (tap) this.select(cam, tap.x, tap.y);
    if (this.ringDirty) this.placeRing();
    if (this.elapsed >= this.lanesAt) this.placeNameLanes(cam);
    this.animate();
    const hour = Math.floor(this.clock.now() / HOUR_MS);
    if (hour !== this.chartHour) this.chartsDirty = true;
    if (this.chartsDirty) this.drawCharts(hour);
    this.crowd.commit();
    this.labels.commit();
  }

  /**
   * Frames are needed though nothing moved in this one while the own avatar glides, a walk is under way (a
   * culled walker too: scene time must pass for it to arrive), a pass over the room is being applied or nodes
   * wait to be built, and while smoke shows (its frames change every SMOKE_FRAME_MS, not every frame).
   */
  animating(): boolean {
    return (
      this.control.inertia.moving ||
      this.moving.size > 0 ||
      this.elapsed < this.walksUntil ||
      this.syncing !== null ||
      this.unbuilt.size > 0 ||
      this.smokeShows()
    );
  }

  /** Whether a pipe or incense smoke is drawn and animated. */
  private smokeShows(): boolean {
    if ($reducedMotion.get()) return false;
    if (this.own?.smokes || this.props.some((p) => p.smoke?.visible)) return true;
    for (const o of this.others.values()) if (o.shown && o.node instanceof CrowdMaster && o.node.smokes) return true;
    return false;
  }

  /** Whether the props the clock asks for differ from those drawn (a stick of incense burnt out, the caravan left). */
  private propsChanged(): boolean {
    const { game, clockOffsetMs } = $game.get();
    const specs = worldProps(this.room, game, this.clock.now() + clockOffsetMs).filter((s) => hasTexture(s.frame));
    return specs.length !== this.props.length || specs.some((s, i) => !sameProp(s, this.props[i]!.spec));
  }

  /** The node built for object `id`, null before it is first drawn (tests read what is drawn through it). */
  nodeOf(id: number): CrowdMaster | ScribeNode | null {
    return this.others.get(id)?.node ?? null;
  }

  resize(layout: Layout): void {
    this.layout = layout;
    this.camDirty = this.chartsDirty = true;
  }

  hide(): void {
    this.bag.dispose();
    this.control.inertia.dragEnd();
    // A glide does not carry over into the next visit.
    this.control.inertia.velocity = 0;
  }

  reset(): void {
    this.bag.dispose();
    for (const o of this.others.values()) o.node?.destroy();
    this.others.clear();
    this.drawn.clear();
    this.unbuilt.clear();
    this.syncing = null;
    this.resync = false;
    this.moving.clear();
    this.crowd.clear();
    this.scribeLayer.removeChildren();
    this.clearProps();
    this.own?.destroy();
    this.ring?.destroy();
    this.own = this.ring = null;
    this.labels.destroy();
    for (const l of this.layers) l.clear();
    this.charts?.destroy();
    this.charts = null;
    this.world.removeChildren();
    this.view.removeChildren();
    this.camDirty = this.chartsDirty = this.propsDirty = this.ownDirty = this.ringDirty = true;
    this.smokeFrame = -1;
  }

  private groundY(): number {
    return (this.layout?.designHeight ?? 1920) * GROUND_SHARE;
  }

  private camera(): Camera {
    this.cam.own = this.control.inertia.coordinate;
    this.cam.zoom = this.zoom;
    return this.cam;
  }

  private optionsChanged(zoom: number): void {
    this.chartsDirty = true;
    if (zoom === this.zoom) return;
    this.zoom = this.control.zoom = zoom;
    this.camDirty = true;
  }

  /** The HUD placed the own avatar (spawn, the server's clamp): follow it unless it is our own write. */
  private ownPlaced(v: { coordinate: number; flip: boolean; moving: boolean }): void {
    if (v === this.written) return;
    this.written = v;
    this.control.inertia.place(this.room, v.coordinate, v.flip);
    this.camDirty = true;
  }

  private publishOwn(): void {
    const i = this.control.inertia;
    const next = { coordinate: i.wireCoordinate, flip: i.flip, moving: i.moving };
    const last = this.written;
    if (last && last.coordinate === next.coordinate && last.flip === next.flip && last.moving === next.moving) return;
    this.written = next;
    $ownPosition.set(next);
  }

  private ownLook(): MasterLook | null {
    const user = $session.get().user;
    const { game, clockOffsetMs } = $game.get();
    if (!user) return null;
    const t = activeTitles(game, user, this.clock.now() + clockOffsetMs);
    const admin = $config.get()?.admin_name;
    return {
      skinId: game?.investor_skin_id ?? user.investor_skin_id,
      name: user.name,
      puff: holdsPuff(game),
      ...t,
      admin: !!admin && user.name === admin,
    };
  }

  private buildOwn(): void {
    this.ownDirty = false;
    const look = this.ownLook();
    const key = look ? masterLookKey(look) : '';
    if (this.own?.key === key) return;
    const old = this.own;
    this.own = look ? new MasterNode(key, look, this.labels) : null;
    old?.destroy();
    if (this.own) this.avatarLayer.addChild(this.own.root);
    this.camDirty = this.lanesDirty = true;
  }

  private lookOf(o: WorldObject): MasterLook {
    const admin = $config.get()?.admin_name;
    return {
      skinId: o.skin_id,
      name: o.name,
      puff: o.puff,
      senator: o.senator,
      patricius: o.patricius,
      admin: !!admin && o.name === admin,
    };
  }

  /**
   * Applies $worldObjects, diffing each object by its fields: new nodes, changed looks rebuilt, moves eased,
   * the gone destroyed; an object that only restates what is drawn (a room enter, a resync) costs a compare.
   * The next frames apply SYNC_SLICE changes each (a change during a pass queues one more); `force` all now.
   */
  private syncObjects(force: boolean): void {
    if (this.syncing && !force) {
      this.resync = true;
      return;
    }
    ++this.syncPass;
    this.resync = false;
    this.syncing = { ids: $worldObjects.get().byId.keys(), force };
    if (force) this.syncSlice(Infinity);
  }

  /** Applies up to `limit` more changed objects of the pass (and of the pass a change during it queued); drops the gone at each end. */
  private syncSlice(limit: number): void {
    const { byId } = $worldObjects.get();
    const ownId = $ownObjectId.get();
    const ownUser = $session.get().user?.id;
    const cam = this.camera();
    for (let n = 0; n < limit;) {
      const { ids, force } = this.syncing!;
      const pass = this.syncPass;
      const next = ids.next();
      if (next.done) {
        this.syncEnd(pass);
        if (this.syncing) continue;
        return;
      }
      const obj = byId.get(next.value);
      // Gone since the pass started: dropped at its end, as it was not seen.
      if (!obj || obj.id === ownId || (obj.type === 'master' && obj.user_id === ownUser)) continue;
      let o = this.others.get(obj.id);
      if (!o) {
        o = { obj, node: null, motion: new AvatarMotion(obj.coordinate), shown: false, seen: pass, steppedAt: this.elapsed };
        this.others.set(obj.id, o);
        this.place(o, cam);
        n++;
        continue;
      }
      o.seen = pass;
      const change = force ? 'look' : objectChange(o.obj, obj);
      o.obj = obj;
      if (change === 'none') continue;
      n++;
      if (change === 'look' && o.node) {
        // The new node first: a label both show (the name, when only the pipe changed) is kept, not redrawn.
        const old = o.node;
        this.detach(old);
        this.build(o);
        old.destroy();
      }
      this.catchUp(o);
      o.motion.moveTo(obj.coordinate);
      this.walksUntil = this.elapsed + CATCH_UP_MS;
      this.place(o, cam);
    }
    this.ringDirty = true;
  }

  /** Drops the nodes of objects the pass did not see; starts the pass a change during it queued. */
  private syncEnd(pass: number): void {
    this.syncing = null;
    for (const [id, o] of this.others) {
      if (o.seen === pass) continue;
      if (o.node) {
        this.detach(o.node);
        o.node.destroy();
      }
      this.others.delete(id);
      this.moving.delete(id);
      if (this.drawn.delete(o)) this.lanesDirty = true;
    }
    this.ringDirty = true;
    if (this.resync) this.syncObjects(false);
  }

  /** Culls a node for its way to where it heads; a drawn one gets its x and facing. */
  private place(o: Other, cam: Camera): void {
    this.catchUp(o);
    const shown = shownAlong(cam, o.motion.x, o.motion.target, o.shown);
    if (shown !== o.shown) this.setShown(o, shown);
    if (shown && o.motion.moving) this.moving.add(o.obj.id);
    else this.moving.delete(o.obj.id);
    if (!shown) return;
    const node = o.node;
    if (!node) return;
    if (xOf(node) !== o.motion.x) this.lanesDirty = true;
    setX(node, o.motion.x);
    if (node instanceof CrowdMaster) node.setFlip(o.obj.flip);
  }

  /**
   * Puts the names of the masters on screen in lanes (nameLanes.ts), so close masters' names never print over
   * each other. Off-screen masters keep their lane until they are looked at again.
   */
  private placeNameLanes(cam: Camera): void {
    this.lanesAt = this.elapsed + NAME_LANES_MS;
    if (!this.lanesDirty) return;
    this.lanesDirty = false;
    const nodes = this.laneNodes;
    const spans = this.laneSpans;
    nodes.length = 0;
    if (this.own) nodes.push(this.own);
    for (const o of this.drawn) {
      if (o.node instanceof CrowdMaster && inView(cam, o.node.x, NODE_HALF_WIDTH)) nodes.push(o.node);
    }
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      const span = (spans[i] ??= { x: 0, halfWidth: 0 });
      span.x = n instanceof CrowdMaster ? n.x : n.root.x;
      span.halfWidth = n.nameHalfWidth;
    }
    spans.length = nodes.length;
    const lanes = nameLanes(spans, undefined, undefined, this.laneOut);
    for (let i = 0; i < nodes.length; i++) nodes[i]!.setNameLane(lanes[i]!);
  }

  /**
   * Steps a node's walk to the scene's time. Every master may be walking at once (a crowd's `forumupd`), but
   * only the drawn ones are stepped each frame; a culled one is stepped in one go when it is placed again.
   */
  private catchUp(o: Other): void {
    const dt = this.elapsed - o.steppedAt;
    o.steppedAt = this.elapsed;
    if (dt > 0) o.motion.step(dt);
  }

  /** Shows or hides an object's node; the first show builds it. */
  private setShown(o: Other, shown: boolean): void {
    o.shown = shown;
    if (shown) this.drawn.add(o);
    else this.drawn.delete(o);
    this.lanesDirty = true;
    if (!o.node) {
      // On screen it is built now; in the margin, it waits its turn (buildSome).
      if (shown && inView(this.camera(), o.motion.x, NODE_HALF_WIDTH)) this.build(o);
      else if (shown) this.unbuilt.add(o);
      return;
    }
    if (o.node instanceof CrowdMaster) o.node.setShown(shown);
    else o.node.root.visible = shown;
    // A hidden node's smoke was not animated: it shows the current frame.
    if (shown && this.smokeFrame >= 0 && o.node instanceof CrowdMaster) o.node.setSmokeFrame(this.smokeFrame);
  }

  /** Builds the nodes of up to BUILDS_PER_FRAME objects waiting in the margin (those still drawn and in the room). */
  private buildSome(): void {
    let built = 0;
    for (const o of this.unbuilt) {
      if (built === BUILDS_PER_FRAME) return;
      this.unbuilt.delete(o);
      if (o.node || !o.shown || this.others.get(o.obj.id) !== o) continue;
      this.build(o);
      built++;
    }
  }

  /** Builds an object's node for its current look, shown or hidden as the object is, and adds it to its layer. */
  private build(o: Other): void {
    this.unbuilt.delete(o);
    const { obj } = o;
    const node =
      obj.type === 'master'
        ? new CrowdMaster(masterLookKey(this.lookOf(obj)), this.lookOf(obj), this.labels, this.crowd)
        : new ScribeNode(`scribe|${excerpt(obj.data.verse)}`, obj.data.verse, this.labels);
    o.node = node;
    this.lanesDirty = true;
    setX(node, o.motion.x);
    if (node instanceof CrowdMaster) {
      node.setFlip(obj.flip);
      node.setShown(o.shown);
      if (o.shown && this.smokeFrame >= 0) node.setSmokeFrame(this.smokeFrame);
    } else {
      node.root.visible = o.shown;
      this.scribeLayer.addChild(node.root);
    }
  }

  /** Stops drawing `node` (the object's current or old node): an inscription leaves its layer, a master the crowd. */
  private detach(node: CrowdMaster | ScribeNode): void {
    if (node instanceof ScribeNode) this.scribeLayer.removeChild(node.root);
    else node.setShown(false);
  }

  private rebuildAll(): void {
    this.clearProps();
    for (const l of this.layers) l.clear();
    this.own?.destroy();
    this.own = null;
    this.ring?.destroy();
    this.ring = null;
    this.ownDirty = this.propsDirty = this.camDirty = this.ringDirty = true;
    this.syncObjects(true);
  }

  private clearProps(): void {
    for (const p of this.props) {
      p.sprite.destroy();
      p.smoke?.destroy();
    }
    this.props = [];
  }

  /** Props follow the round view: the chest's lock, lit incense, the caravan. */
  private syncProps(): void {
    this.propsDirty = false;
    this.propsCheckAt = this.elapsed + PROPS_CHECK_MS;
    const { game, clockOffsetMs } = $game.get();
    const specs = worldProps(this.room, game, this.clock.now() + clockOffsetMs).filter((s) => hasTexture(s.frame));
    if (specs.length !== this.props.length || specs.some((s, i) => s.key !== this.props[i]!.spec.key)) {
      this.clearProps();
      this.props = specs.map((spec) => {
        const sprite = new Sprite(texture(spec.frame));
        sprite.anchor.set(0.5, 1);
        sprite.x = spec.coordinate;
        this.propLayer.addChild(sprite);
        return { spec, sprite, smoke: null };
      });
    }
    this.props.forEach((p, i) => {
      const spec = specs[i]!;
      if (p.spec.frame !== spec.frame) p.sprite.texture = texture(spec.frame);
      if (spec.smoke && !p.smoke && hasTexture(INCENSE_SMOKE_FRAMES[0])) {
        p.smoke = new Sprite(texture(INCENSE_SMOKE_FRAMES[0]));
        p.smoke.anchor.set(0.5, 1);
        p.smoke.position.set(spec.coordinate, -200);
        this.propLayer.addChild(p.smoke);
      } else if (!spec.smoke && p.smoke) {
        p.smoke.destroy();
        p.smoke = null;
      }
      p.spec = spec;
    });
    this.smokeFrame = -1;
    this.camDirty = true;
  }

  /** Scrolls the lane, tiles the layers and culls what is off screen. */
  private placeCamera(cam: Camera): void {
    this.camDirty = false;
    // The own name moves with the camera, and what is on screen changes.
    this.lanesDirty = true;
    const ground = this.groundY();
    this.world.scale.set(cam.zoom);
    this.world.position.set(cam.centreX - cam.own * cam.zoom, ground);
    for (const l of this.layers) l.place(cam, ground);
    if (this.own) {
      this.own.root.x = cam.own;
      this.own.setFlip(this.control.inertia.flip);
    }
    // The others' cull changes only with the cull's grid point or the zoom.
    const step = cullStep(cam);
    if (step !== this.culledStep || cam.zoom !== this.culledZoom) {
      this.culledStep = step;
      this.culledZoom = cam.zoom;
      for (const o of this.others.values()) this.place(o, cam);
    }
    for (const p of this.props) {
      p.sprite.visible = inView(cam, p.spec.coordinate, CULL_HALF_WIDTH);
      if (p.smoke) p.smoke.visible = p.sprite.visible;
    }
  }

  private select(cam: Camera, x: number, y: number): void {
    const things: Tappable[] = [];
    for (const o of this.drawn) {
      const box = o.obj.type === 'master' ? MASTER_BOX : SCRIBE_BOX;
      things.push({ id: o.obj.id, coordinate: o.motion.x, ...box });
    }
    $worldSelection.set(pickAt(cam, this.groundY(), x, y, things));
  }

  private placeRing(): void {
    this.ringDirty = false;
    const selected = $worldSelection.get();
    const o = selected === null ? undefined : this.others.get(selected);
    if (o) this.catchUp(o);
    if (!this.ring && o && hasTexture(SELECTION_RING_FRAME)) {
      this.ring = new Sprite(texture(SELECTION_RING_FRAME));
      this.ring.anchor.set(0.5, 0.5);
      this.avatarLayer.addChildAt(this.ring, 0);
    }
    if (!this.ring) return;
    this.ring.visible = !!o;
    if (o) this.ring.position.set(o.motion.x, 0);
  }

  /** Pipe and incense smoke: a new frame every 150 ms on screen, none with reduced motion. */
  private animate(): void {
    const frame = $reducedMotion.get() ? 0 : Math.floor(this.elapsed / SMOKE_FRAME_MS) % 4;
    if (frame === this.smokeFrame) return;
    this.smokeFrame = frame;
    for (const p of this.props) if (p.smoke) p.smoke.texture = texture(INCENSE_SMOKE_FRAMES[frame]!);
    this.own?.setSmokeFrame(frame);
    for (const o of this.drawn) {
      if (o.node instanceof CrowdMaster && o.node.smokes) o.node.setSmokeFrame(frame);
    }
  }

  private drawCharts(hour: number): void {
    this.chartsDirty = false;
    this.chartHour = hour;
    const h = this.layout?.designHeight ?? 1920;
    const o = $options.get();
    this.charts?.draw(
      { top: h * CHART_BAND.top, height: h * CHART_BAND.height },
      o.chart_mode,
      o.chart_size,
      this.clock.now(),
      $forumChartSamples.get(),
      $forumNumberSamples.get(),
    );
  }
}

/** Whether two props draw the same. */
const sameProp = (a: PropSpec, b: PropSpec): boolean => a.key === b.key && a.frame === b.frame && a.smoke === b.smoke;

/** Where a node's foot is drawn. */
const xOf = (node: CrowdMaster | ScribeNode): number => (node instanceof CrowdMaster ? node.x : node.root.x);

/** Puts a node's foot at `x` (a master: a write to its particles). */
function setX(node: CrowdMaster | ScribeNode, x: number): void {
  if (node instanceof CrowdMaster) node.x = x;
  else node.root.x = x;
}
