/** Tiny offline synthesiser: oscillators, envelopes, a circular mix bus (seamless loops) and a feedback echo. */

/** Output sample rate: enough for game sounds, small files. */
export const RATE = 22050;

/** A mono buffer of float samples in −1..1. */
export type Buffer32 = Float32Array;

/** Frequency of a MIDI note. */
export const midi = (n: number): number => 440 * 2 ** ((n - 69) / 12);

/** Oscillator shapes. */
export type Wave = 'sine' | 'square' | 'triangle' | 'saw' | 'noise';

/** Deterministic noise so the same sources produce the same files. */
function makeNoise(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) / 4294967296) * 2 - 1;
  };
}

function osc(wave: Wave, phase: number, noise: () => number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * p);
    case 'square':
      return p < 0.5 ? 1 : -1;
    case 'triangle':
      return 4 * Math.abs(p - 0.5) - 1;
    case 'saw':
      return 2 * p - 1;
    default:
      return noise();
  }
}

/** One note to add to a bus. */
export interface Note {
  at: number; // seconds
  dur: number; // seconds of sustain before release
  freq: number; // Hz at the start
  to?: number; // Hz at the end (slides)
  wave: Wave;
  gain: number;
  attack?: number;
  release?: number;
  vibrato?: number; // depth in semitones
  detune?: number; // second voice, in cents
  lowpass?: number; // one-pole cutoff in Hz
  seed?: number;
}

/** A mix bus of fixed length; `loop` wraps tails around so the end flows into the start. */
export class Bus {
  readonly data: Buffer32;
  constructor(
    readonly seconds: number,
    readonly loop = false,
  ) {
    this.data = new Float32Array(Math.round(seconds * RATE));
  }

  /** Renders a note into the bus. */
  add(n: Note): this {
    const attack = n.attack ?? 0.005;
    const release = n.release ?? 0.08;
    const total = n.dur + release;
    const start = Math.round(n.at * RATE);
    const len = Math.round(total * RATE);
    const noise = makeNoise(n.seed ?? Math.round(n.freq * 1000 + n.at * 7919));
    const voices = n.detune ? [0, n.detune] : [0];
    const phases = voices.map(() => 0);
    const a = n.lowpass ? 1 - Math.exp((-2 * Math.PI * n.lowpass) / RATE) : 1;
    let lp = 0;
    for (let i = 0; i < len; i++) {
      const t = i / RATE;
      const env = t < attack ? t / attack : t < n.dur ? 1 : Math.max(0, 1 - (t - n.dur) / release);
      const glide = n.to ? n.freq * (n.to / n.freq) ** Math.min(1, t / total) : n.freq;
      const vib = n.vibrato ? 2 ** ((n.vibrato * Math.sin(2 * Math.PI * 5.5 * t)) / 12) : 1;
      let s = 0;
      voices.forEach((cents, v) => {
        phases[v]! += (glide * vib * 2 ** (cents / 1200)) / RATE;
        s += osc(n.wave, phases[v]!, noise);
      });
      s /= voices.length;
      lp += a * (s - lp);
      let idx = start + i;
      if (idx >= this.data.length) {
        if (!this.loop) break;
        idx %= this.data.length;
      }
      this.data[idx]! += lp * env * env * n.gain;
    }
    return this;
  }

  /** Feedback echo (wrapping on loops), for space and shimmer. */
  echo(delay: number, feedback: number, mix: number): this {
    const d = Math.round(delay * RATE);
    const wet = new Float32Array(this.data.length);
    const passes = this.loop ? 2 : 1; // a second pass lets the loop's tail feed its own start
    for (let p = 0; p < passes; p++)
      for (let i = 0; i < this.data.length; i++) {
        const j = i - d;
        const src =
          j >= 0
            ? this.data[j]! + wet[j]! * feedback
            : this.loop
              ? this.data[j + this.data.length]! + wet[j + this.data.length]! * feedback
              : 0;
        wet[i] = src;
      }
    for (let i = 0; i < this.data.length; i++) this.data[i]! += wet[i]! * mix;
    return this;
  }

  /** Scales to a peak of `peak` and returns 16-bit samples. */
  toInt16(peak = 0.85): Int16Array {
    let max = 1e-9;
    for (const v of this.data) max = Math.max(max, Math.abs(v));
    const k = peak / max;
    const out = new Int16Array(this.data.length);
    for (let i = 0; i < this.data.length; i++) out[i] = Math.round(Math.max(-1, Math.min(1, this.data[i]! * k)) * 32767);
    return out;
  }
}
