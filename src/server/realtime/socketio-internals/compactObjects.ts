/**
 * Smaller stand-ins for per-connection objects that Socket.IO, engine.io and ws make and a fan-out server
 * holds thousands of: an event emitter's listener table, and a Map that holds one entry. Each keeps the
 * behaviour of what it replaces; only the layout in memory differs.
 */

/**
 * Rebuilds an event emitter's listener table (Node's private `_events`) as an object with fast
 * properties. Node makes it `{ __proto__: null }`, which V8 keeps as a hash table (a dictionary of
 * 160–450 bytes here); the same keys added in the same order to an object that was given its null
 * prototype while still empty share one hidden class, ~60–90 bytes each. Removing a listener later may
 * turn it back into a dictionary: memory again, never behaviour. Does nothing if `_events` is not the
 * null-prototype object Node makes (checked on Node 20 and 22).
 */
export function compactListeners(emitter: object | null | undefined): void {
  if (typeof emitter !== 'object' || emitter === null) return;
  const fields = emitter as { _events?: unknown };
  const events = fields._events;
  if (typeof events !== 'object' || events === null || Object.getPrototypeOf(events) !== null) return;
  const fast = Object.setPrototypeOf({}, null) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(events)) fast[key] = (events as Record<PropertyKey, unknown>)[key];
  fields._events = fast;
}

/**
 * A Map for what nearly always holds one entry: Socket.IO's Client keeps two Maps per connection
 * (namespaces and sockets, each ~180 bytes with its hash table) that hold the one namespace socket of a
 * client of this server. The entry lives in two fields; a second one moves everything into a real Map.
 */
export class OneEntryMap<K, V> {
  private key: K | undefined = undefined;
  private value: V | undefined = undefined;
  private has1 = false;
  private many: Map<K, V> | undefined = undefined;

  constructor(entries?: Iterable<readonly [K, V]>) {
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  /** Entries held. */
  get size(): number {
    return this.many ? this.many.size : this.has1 ? 1 : 0;
  }

  /** The value of `key`. */
  get(key: K): V | undefined {
    if (this.many) return this.many.get(key);
    return this.has1 && sameValueZero(this.key, key) ? this.value : undefined;
  }

  /** Whether `key` is held. */
  has(key: K): boolean {
    if (this.many) return this.many.has(key);
    return this.has1 && sameValueZero(this.key, key);
  }

  /** Sets `key`; a second key moves the entries into a Map. */
  set(key: K, value: V): this {
    if (this.many) {
      this.many.set(key, value);
    } else if (!this.has1 || sameValueZero(this.key, key)) {
      this.key = key;
      this.value = value;
      this.has1 = true;
    } else {
      this.many = new Map([
        [this.key as K, this.value as V],
        [key, value],
      ]);
      this.clearOne();
    }
    return this;
  }

  /** Removes `key`; true if it was held. */
  delete(key: K): boolean {
    if (this.many) return this.many.delete(key);
    if (!this.has1 || !sameValueZero(this.key, key)) return false;
    this.clearOne();
    return true;
  }

  /** Removes every entry. */
  clear(): void {
    this.many = undefined;
    this.clearOne();
  }

  /** Calls `fn` with each entry, in insertion order. */
  forEach(fn: (value: V, key: K, map: OneEntryMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }

  /** The entries, in insertion order. */
  *entries(): MapIterator<[K, V]> {
    if (this.many) yield* this.many.entries();
    else if (this.has1) yield [this.key as K, this.value as V];
  }

  /** The keys, in insertion order. */
  *keys(): MapIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  /** The values, in insertion order. */
  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  /** The entries, in insertion order. */
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  /** `Object.prototype.toString` tag, as a Map's. */
  get [Symbol.toStringTag](): string {
    return 'Map';
  }

  private clearOne(): void {
    this.key = undefined;
    this.value = undefined;
    this.has1 = false;
  }
}

/** Map's key equality (SameValueZero: NaN equals NaN, +0 equals −0). */
function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}
