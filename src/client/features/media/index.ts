import { SelfHostedCall } from './selfHosted';
import { INITIAL_SNAPSHOT, LOCAL_APP_ID, type JoinParams, type MediaCall, type MediaSnapshot } from './types';

export type { JoinParams, MediaCall, MediaSnapshot, MediaStats, MediaWarning } from './types';

/** Ringing calls on the service's SFU that already receive, by their join parameters. */
const ringing = new Map<string, SelfHostedCall>();
const keyOf = (p: JoinParams) => JSON.stringify([p.appId, p.channel, p.uid, p.token, p.video, Boolean(p.receiveOnly)]);

/**
 * A ringing call on the service's SFU starts receiving before it is answered, so the dialog opens
 * on the door unit's picture (docs/performance.md, "Door call: where the time went"): no device
 * is opened and nothing published until `joinCall` with the same parameters takes it. The
 * returned function leaves it unless it was taken. Agora's calls join when answered.
 */
export function prepareCall(params: JoinParams): () => void {
  if (params.appId !== LOCAL_APP_ID || params.receiveOnly) return () => undefined;
  const key = keyOf(params);
  void ringing.get(key)?.leave();
  const call = new SelfHostedCall(params);
  ringing.set(key, call);
  call.receiveOthers().catch(() => undefined);
  return () => {
    if (ringing.get(key) !== call) return;
    ringing.delete(key);
    void call.leave();
  };
}

/**
 * Joins a call's channel with the provider its appId names (docs/decisions.md, "Media"): the
 * service's SFU for `local` (taking the call `prepareCall` made while it rang, if any), Agora for
 * a real App ID (its SDK is loaded only then).
 */
export function joinCall(params: JoinParams): MediaCall {
  if (params.appId === LOCAL_APP_ID) {
    const key = keyOf(params);
    const call = ringing.get(key) ?? new SelfHostedCall(params);
    ringing.delete(key);
    void call.start();
    return call;
  }
  return new LazyCall(params);
}

/** Agora's SDK (1.6 MB) is its own chunk: the call object exists at once, the SDK follows. */
class LazyCall implements MediaCall {
  private readonly ready: Promise<MediaCall | null>;
  private inner: MediaCall | null = null;
  private snapshot: MediaSnapshot = INITIAL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();

  constructor(params: JoinParams) {
    this.ready = import('./agora').then(
      ({ AgoraCall }) => {
        const call = new AgoraCall(params);
        this.inner = call;
        call.subscribe(() => this.notify());
        this.notify();
        void call.start();
        return call;
      },
      () => {
        // The SDK's chunk did not load (offline): Agora could not be reached anyway.
        this.snapshot = { ...INITIAL_SNAPSHOT, state: 'closed', warning: 'failed' };
        this.notify();
        return null;
      },
    );
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  getSnapshot = (): MediaSnapshot => this.inner?.getSnapshot() ?? this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setMicrophone = async (on: boolean) => (await this.ready)?.setMicrophone(on);
  setCamera = async (on: boolean) => (await this.ready)?.setCamera(on);
  stats = async () => (await this.ready)?.stats() ?? null;
  leave = async () => (await this.ready)?.leave();
}
