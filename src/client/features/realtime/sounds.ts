/**
 * Ringtone and alert synthesized with WebAudio: no binary files, nothing fetched. A browser that
 * refuses to play before a user gesture (autoplay policy) simply stays silent.
 */
type Ctx = AudioContext;

let ctx: Ctx | null = null;

function audio(): Ctx | null {
  try {
    const Ctor =
      globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    ctx ??= new Ctor();
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    return ctx;
  } catch {
    return null;
  }
}

function tone(c: Ctx, freq: number, start: number, length: number, volume = 0.15): void {
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = 'sine';
  osc.frequency.value = freq;
  // Short ramps avoid the click of a hard start and stop.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.02);
  gain.gain.setValueAtTime(volume, start + length - 0.03);
  gain.gain.linearRampToValueAtTime(0, start + length);
  osc.connect(gain).connect(c.destination);
  osc.start(start);
  osc.stop(start + length);
}

/** Two rising beeps for a new alarm. */
function playAlert(): void {
  const c = audio();
  if (!c) return;
  try {
    const t0 = c.currentTime;
    tone(c, 880, t0, 0.18);
    tone(c, 1175, t0 + 0.22, 0.25);
  } catch {
    // Silent on refusal.
  }
}

const RING_PERIOD_MS = 3000;

/** A phone-like double ring every 3 s until the answered stop function is called. */
function startRingtone(): () => void {
  const ring = () => {
    const c = audio();
    if (!c) return;
    try {
      const t0 = c.currentTime;
      for (const offset of [0, 0.5]) {
        for (let i = 0; i < 8; i++) tone(c, i % 2 ? 440 : 480, t0 + offset + i * 0.05, 0.05, 0.12);
      }
    } catch {
      // Silent on refusal.
    }
  };
  ring();
  const timer = setInterval(ring, RING_PERIOD_MS);
  return () => clearInterval(timer);
}

/**
 * Whether the browser would keep an alarm silent now: no gesture on this page yet (a wall
 * screen opened by URL), so the autoplay policy holds the sound back.
 */
function soundBlocked(): boolean {
  const activation = (globalThis.navigator as (Navigator & { userActivation?: { hasBeenActive: boolean } }) | undefined)
    ?.userActivation;
  if (activation) return !activation.hasBeenActive;
  return ctx?.state === 'suspended';
}

/** Called from a click or key press: the gesture lets the audio context start. */
function unlockSound(): void {
  audio();
}

export interface Sounds {
  alert: () => void;
  ring: () => () => void;
  /** Whether alarms would be silent until someone clicks (absent: never). */
  blocked?: () => boolean;
  /** Starts the sound from within a gesture. */
  unlock?: () => void;
}

export const webAudioSounds: Sounds = {
  alert: playAlert,
  ring: startRingtone,
  blocked: soundBlocked,
  unlock: unlockSound,
};
