/** The game's sounds, composed note by note: music and ambience loops, and short effects. */
import { Bus, midi } from './synth';

const A_MINOR = [57, 60, 64, 67, 69, 72, 74, 76]; // A dorian-ish arpeggio pool

/** Onboarding music: 8 bars at 96 BPM over Am–F–C–G, pad + arpeggio + bass; loops seamlessly. */
export function onboarding(): Bus {
  const beat = 60 / 96;
  const bars = 8;
  const bus = new Bus(bars * 4 * beat, true);
  const chords = [
    [57, 60, 64],
    [53, 57, 60],
    [48, 52, 55],
    [55, 59, 62],
  ];
  for (let bar = 0; bar < bars; bar++) {
    const chord = chords[bar % 4]!;
    for (const n of chord)
      bus.add({
        at: bar * 4 * beat,
        dur: 4 * beat - 0.2,
        freq: midi(n),
        wave: 'saw',
        gain: 0.05,
        attack: 0.6,
        release: 0.8,
        detune: 9,
        lowpass: 900,
      });
    bus.add({ at: bar * 4 * beat, dur: 2 * beat, freq: midi(chord[0]! - 12), wave: 'triangle', gain: 0.22, release: 0.3 });
    bus.add({ at: (bar * 4 + 2.5) * beat, dur: 1.2 * beat, freq: midi(chord[0]! - 12), wave: 'triangle', gain: 0.16, release: 0.3 });
    for (let i = 0; i < 8; i++) {
      const pitch = chord[(i * 2) % 3]! + 12 + (i >= 4 ? 12 : 0) * (bar % 2);
      bus.add({ at: (bar * 4 + i * 0.5) * beat, dur: 0.18, freq: midi(pitch), wave: 'square', gain: 0.045, release: 0.25, lowpass: 2400 });
    }
    if (bar % 2 === 1)
      bus.add({
        at: (bar * 4 + 3) * beat,
        dur: 0.5,
        freq: midi(A_MINOR[(bar * 3) % A_MINOR.length]! + 24),
        wave: 'sine',
        gain: 0.06,
        release: 1.2,
        vibrato: 0.15,
      });
  }
  return bus.echo(beat * 0.75, 0.35, 0.35);
}

/** World ambience: wind, a low drone and far chimes; 12 s, loops seamlessly. */
export function ambience(): Bus {
  const bus = new Bus(12, true);
  bus.add({ at: 0, dur: 12, freq: 1, wave: 'noise', gain: 0.25, attack: 0.01, release: 0.01, lowpass: 260, seed: 7 });
  bus.add({ at: 0, dur: 12, freq: midi(33), wave: 'sine', gain: 0.25, attack: 0.01, release: 0.01, vibrato: 0.05 });
  bus.add({ at: 0, dur: 12, freq: midi(40), wave: 'triangle', gain: 0.08, attack: 0.01, release: 0.01, detune: 6, lowpass: 300 });
  const chimes = [
    [1.1, 81],
    [3.7, 76],
    [5.2, 84],
    [8.4, 79],
    [10.3, 88],
  ] as const;
  for (const [at, n] of chimes) bus.add({ at, dur: 0.05, freq: midi(n), wave: 'sine', gain: 0.09, release: 2.2 });
  return bus.echo(0.43, 0.45, 0.4);
}

/** Tap: a short soft blip. */
export function tap(): Bus {
  return new Bus(0.09).add({ at: 0, dur: 0.02, freq: 1400, to: 900, wave: 'triangle', gain: 0.6, release: 0.05 });
}

/** Win: a bright rising major arpeggio with sparkle. */
export function win(): Bus {
  const bus = new Bus(1.1);
  [72, 76, 79, 84].forEach((n, i) =>
    bus.add({ at: i * 0.08, dur: 0.1, freq: midi(n), wave: 'square', gain: 0.25, release: 0.35, lowpass: 3500 }),
  );
  bus.add({ at: 0.32, dur: 0.2, freq: midi(91), wave: 'sine', gain: 0.2, release: 0.5 });
  return bus.echo(0.11, 0.3, 0.3);
}

/** Loss: a falling, detuned minor phrase. */
export function loss(): Bus {
  const bus = new Bus(1.1);
  [64, 60, 57].forEach((n, i) =>
    bus.add({ at: i * 0.16, dur: 0.14, freq: midi(n), wave: 'saw', gain: 0.22, release: 0.25, detune: 25, lowpass: 1400 }),
  );
  bus.add({ at: 0.48, dur: 0.25, freq: midi(52), to: midi(47), wave: 'triangle', gain: 0.4, release: 0.3 });
  return bus;
}

/** Coin: the two-tone ping. */
export function coin(): Bus {
  return new Bus(0.45)
    .add({ at: 0, dur: 0.06, freq: midi(83), wave: 'square', gain: 0.25, release: 0.02, lowpass: 5000 })
    .add({ at: 0.06, dur: 0.08, freq: midi(88), wave: 'square', gain: 0.25, release: 0.28, lowpass: 5000 });
}

/** Level-up: a fanfare climbing to a held chord with shimmer. */
export function levelup(): Bus {
  const bus = new Bus(1.6);
  [60, 64, 67, 72, 76].forEach((n, i) =>
    bus.add({ at: i * 0.07, dur: 0.08, freq: midi(n), wave: 'square', gain: 0.2, release: 0.12, lowpass: 3000 }),
  );
  for (const n of [72, 76, 79, 84])
    bus.add({ at: 0.4, dur: 0.5, freq: midi(n), wave: 'saw', gain: 0.08, attack: 0.02, release: 0.6, detune: 8, lowpass: 2800 });
  for (let i = 0; i < 6; i++)
    bus.add({ at: 0.45 + i * 0.09, dur: 0.03, freq: midi(96 + (i % 3) * 3), wave: 'sine', gain: 0.08, release: 0.2 });
  return bus.echo(0.13, 0.3, 0.25);
}

/** Notification: two soft bell tones. */
export function notify(): Bus {
  return new Bus(0.8)
    .add({ at: 0, dur: 0.03, freq: midi(81), wave: 'sine', gain: 0.4, release: 0.4 })
    .add({ at: 0.14, dur: 0.03, freq: midi(88), wave: 'sine', gain: 0.35, release: 0.55 });
}

/** Every sound by file name. */
export const SOUNDS = { onboarding, ambience, tap, win, loss, coin, levelup, notify } as const;
