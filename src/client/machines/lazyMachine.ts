/**
 * A machine built on its first use instead of when its module loads. The entry screens' machines sit in the
 * shell's start-up chunk; building them (xstate's state nodes and transitions, five of them with the screens'
 * `provide`s) was a good part of that chunk's evaluation on every page, home included, where none of them runs
 * (issue #8). The same machine comes back on every call.
 */

/** `build`, run once on the first call; every call returns its machine. */
export function lazyMachine<M>(build: () => M): () => M {
  let machine: M | undefined;
  return () => (machine ??= build());
}
