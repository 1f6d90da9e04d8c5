import { PUSH_CODE, REALTIME, callIsComplete, type DoorCallPush } from '../../../shared/alarms/push';
import { topics } from '../../../shared/topics';

/** Status line of the drawer (docs/requirements/realtime-intercom.md#incoming-call-flow). */
type CallText = 'ringing' | 'answering' | 'ignored' | 'unlocked';

export interface CallState {
  busy: boolean;
  drawerOpen: boolean;
  dialogOpen: boolean;
  call: DoorCallPush | null;
  text: CallText;
  /** Seconds left of the ring countdown. */
  remaining: number;
  /** An unlock was requested and its 5091 is awaited. */
  unlocking: boolean;
  /** The 5091 came while the call dialog was open: its title says so. */
  dialogUnlocked: boolean;
}

interface CallDeps {
  publish: (topic: string, payload: unknown) => void;
  subscribe: (topic: string) => void;
  unsubscribe: (topic: string) => void;
  userId: () => number | undefined;
  ring: () => () => void;
  /** The '无效的数据，请检查服务' toast. */
  invalidData: () => void;
  /** `POST voiceNet/property/answer`; its answer is ignored. */
  hangUp: (imei: string, roomNo: string) => Promise<unknown>;
}

const IDLE: CallState = {
  busy: false,
  drawerOpen: false,
  dialogOpen: false,
  call: null,
  text: 'ringing',
  remaining: REALTIME.ringSeconds,
  unlocking: false,
  dialogUnlocked: false,
};

/**
 * The door-unit call flow as a small state machine outside React, so its timing (1 s delays,
 * 30 s countdown) is tested with fake timers and the drawer and dialog only render its state.
 */
export class CallMachine {
  private state: CallState = IDLE;
  private listeners = new Set<() => void>();
  private countdown: ReturnType<typeof setInterval> | undefined;
  private delay: ReturnType<typeof setTimeout> | undefined;
  private stopRing: (() => void) | undefined;
  private listening: string | undefined;

  constructor(private readonly deps: CallDeps) {}

  getState = (): CallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private silence(): void {
    this.stopRing?.();
    this.stopRing = undefined;
  }

  private stopCountdown(): void {
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
  }

  private later(fn: () => void): void {
    if (this.delay !== undefined) clearTimeout(this.delay);
    this.delay = setTimeout(() => {
      this.delay = undefined;
      fn();
    }, REALTIME.closeDelayMs);
  }

  private stopListening(): void {
    if (this.listening) this.deps.unsubscribe(this.listening);
    this.listening = undefined;
  }

  /** Back to idle: drawer and dialog closed, busy cleared, nothing ringing or pending. */
  private finish(): void {
    this.silence();
    this.stopCountdown();
    this.stopListening();
    if (this.delay !== undefined) clearTimeout(this.delay);
    this.delay = undefined;
    this.set({ ...IDLE, call: this.state.call, text: this.state.text });
  }

  incoming(call: DoorCallPush): void {
    if (this.state.busy) return;
    this.finish();
    this.set({ ...IDLE, busy: true, drawerOpen: true, call });
    this.stopRing = this.deps.ring();
    this.countdown = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    const remaining = Math.max(this.state.remaining - 1, 0);
    this.set({ remaining });
    if (remaining > 0) return;
    this.stopCountdown();
    this.silence();
    if (!this.state.dialogOpen) this.finish();
  }

  answer(): void {
    const call = this.state.call;
    if (!this.state.drawerOpen || !call) return;
    this.silence();
    this.set({ text: 'answering' });
    if (!callIsComplete(call)) {
      this.deps.invalidData();
      this.later(() => this.finish());
      return;
    }
    this.later(() => {
      this.stopCountdown();
      this.set({ dialogOpen: true, drawerOpen: false });
    });
  }

  ignore(): void {
    if (!this.state.drawerOpen) return;
    this.silence();
    this.stopCountdown();
    this.stopListening();
    // Busy clears at once; the drawer keeps '已忽略' on screen for the close delay.
    this.set({ text: 'ignored', busy: false });
    this.later(() => this.set({ drawerOpen: false }));
  }

  unlock(): void {
    const call = this.state.call;
    if (!call || !this.state.busy || this.state.unlocking) return;
    this.silence();
    const topic = topics.deviceClient(call.imei);
    if (this.listening !== topic) {
      this.stopListening();
      this.deps.subscribe(topic);
      this.listening = topic;
    }
    this.deps.publish(topics.deviceServer(call.imei), {
      code: PUSH_CODE.openDoor,
      imei: call.imei,
      userId: this.deps.userId(),
    });
    this.set({ unlocking: true });
  }

  /** A 5091 type 3 from a door unit. */
  unlocked(imei: string): void {
    if (!this.state.unlocking || this.state.call?.imei !== imei) return;
    this.stopListening();
    this.set({ text: 'unlocked', unlocking: false });
    this.later(() => {
      if (this.state.dialogOpen) this.set({ dialogUnlocked: true });
      else this.finish();
    });
  }

  /** Hang-up button of the call dialog: tells the service, then closes whatever it answers. */
  async hangUp(): Promise<void> {
    const call = this.state.call;
    if (!call) return;
    try {
      await this.deps.hangUp(call.imei, call.roomNo);
    } catch {
      // docs/requirements/realtime-intercom.md#errors: call answer failures are swallowed; the dialog closes either
      // way.
    }
    this.finish();
  }

  closeDialog(): void {
    this.finish();
  }

  dispose(): void {
    this.finish();
    this.listeners.clear();
  }
}

/** Seconds as mm:ss (docs/requirements/constants.md#calls-and-media). */
export function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
