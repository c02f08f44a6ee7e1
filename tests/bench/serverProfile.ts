/**
 * A V8 CPU profile of this process while `work` runs (node:inspector), for the benches whose server runs in
 * the bench's own process: written to `file` and summarised as the top self-time by package and by function,
 * so a figure comes with where its time went.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Runs `work` under the profiler, writes the profile to `file` and prints the `top` self-time rows under `label`. */
export async function profileDuring<T>(label: string, file: string, work: () => Promise<T>, top = 15): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    const nodes = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
    const self = new Map<number, number>();
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const byPackage = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const [id, us] of self) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const where = url.includes('node_modules/')
        ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
        : url.replace(/^.*?\/(src|tests)\//, '$1/') || `(${functionName})`;
      byPackage.set(where, (byPackage.get(where) ?? 0) + us);
      const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    }
    const rows = (m: Map<string, number>) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
        .join('\n');
    console.info(
      `BENCH ${label} profile (${file}), ${(total / 1000).toFixed(0)} ms sampled; self time by package:\n${rows(byPackage)}\nby function:\n${rows(byFunction)}`,
    );
  }
}
