import {
  CONF_POLL_MS,
  CONF_POST_RETRIES,
  CONF_SERVER,
  type ConfAnswer,
  type ConfCommand,
  type ConfEvent,
  type ConfLoginData,
  type ConfMember,
  type ConfMessage,
  type ConfRoom,
  type ConfSdp,
  type RecordCommand,
} from '../../../shared/conference';

/**
 * The conference client of docs/requirements/realtime-video.md ("Conference client states"): it
 * logs in to `{service}`, polls the queue every 500 ms and posts commands with up to 5 retries.
 * Not logged in -> loginok (login, then the realm) -> inroom (join confirmed) -> leaving -> loginok.
 * No WebRTC here: ConferenceMedia listens for the `sdp` messages and the media events.
 */
type ConfStatus = 'idle' | 'loggingIn' | 'loginok' | 'joining' | 'inroom' | 'leaving' | 'stopped';

/** The start checks of docs/requirements/realtime-video.md#start-and-join-checks, and what can go wrong later. */
export type ConfError =
  'noUserId' | 'noPassword' | 'noService' | 'noAppKey' | 'loginFailed' | 'lost' | 'notLoggedIn' | 'full' | 'password';

export interface ConfSnapshot {
  status: ConfStatus;
  room: ConfRoom | null;
  /** Everyone in the room, the own entry first. */
  members: ConfMember[];
  selfUid: string | null;
  error: ConfError | null;
  /** Each member's speaking volume (0-100) from onvolumechanged; absent until the first one. */
  volumes: Record<string, number>;
}

interface ConferenceOptions {
  /** `${location.origin}/api/conf` */
  service: string;
  userId: number | null;
  token: string | null;
  appKey: string;
  fetch?: typeof fetch;
  pollMs?: number;
  retryMs?: number;
}

type Listener = (message: ConfMessage, event: ConfEvent | null) => void;

const INITIAL: ConfSnapshot = { status: 'idle', room: null, members: [], selfUid: null, error: null, volumes: {} };

export class ConferenceClient {
  private snapshot: ConfSnapshot = INITIAL;
  private readonly watchers = new Set<() => void>();
  private readonly listeners = new Set<Listener>();
  private login: ConfLoginData | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: ConferenceOptions) {
    this.fetch = opts.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  getSnapshot = (): ConfSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  /** Every message polled (events parsed); the media side and the panel's toasts listen here. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get iceServers(): RTCIceServer[] {
    return (this.login?.iceServers ?? []).map(({ urls, username, credential }) => ({ urls, username, credential }));
  }

  private set(patch: Partial<ConfSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const w of [...this.watchers]) w();
  }

  /** Logs in and asks for the realm; `loginok` once it answers. */
  async start(): Promise<void> {
    const { userId, token, service, appKey } = this.opts;
    const missing: ConfError | null = !userId
      ? 'noUserId'
      : !token
        ? 'noPassword'
        : !service
          ? 'noService'
          : !appKey
            ? 'noAppKey'
            : null;
    if (missing) return this.set({ status: 'idle', error: missing });
    this.set({ status: 'loggingIn', error: null });
    const n = 1 + Math.floor(Math.random() * 100);
    try {
      const res = await this.fetch(`${service}/v1/conference/${n}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          accountName: String(userId),
          password: token,
          appKey,
          regionId: '0',
          roomType: 0,
          webrtcVersion: 1,
        }),
      });
      const answer = (await res.json()) as ConfAnswer<ConfLoginData>;
      if (answer.ret !== 0 || !('data' in answer)) return this.set({ status: 'idle', error: 'loginFailed' });
      this.login = answer.data;
    } catch {
      return this.set({ status: 'idle', error: 'loginFailed' });
    }
    this.set({ selfUid: String(userId) });
    this.schedule(0);
    await this.command({ cmd: 'getrealm' });
  }

  /** `video: false` joins to talk only (/multiVoice): the enableVideo bit stays off. */
  join(roomId: string, displayName?: string, opts: { video?: boolean } = {}): Promise<boolean> {
    if (!this.login || this.snapshot.status === 'idle' || this.snapshot.status === 'loggingIn') {
      this.set({ error: 'notLoggedIn' });
      return Promise.resolve(false);
    }
    this.set({ status: 'joining', error: null });
    return this.command({ cmd: 'joinroom', roomId, displayName, ...(opts.video === false ? { video: false } : {}) });
  }

  leave(): Promise<boolean> {
    if (this.snapshot.status !== 'inroom') return Promise.resolve(false);
    this.set({ status: 'leaving' });
    return this.command({ cmd: 'leaveroom' });
  }

  subscribeTo(uid: string): Promise<boolean> {
    return this.command({ cmd: 'subscribe', uid });
  }

  record(command: RecordCommand): Promise<boolean> {
    const json = JSON.stringify(command);
    const text = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
    return this.command({ cmd: 'sendtext', text });
  }

  /** An offer to publish (to the server) or the answer to a subscription offer (to its publisher). */
  sendSdp(to: string, sdp: ConfSdp): Promise<boolean> {
    return this.send([{ from: this.login?.instanceId ?? '', to, type: 'sdp', sdp }]);
  }

  /** Ends the conference: leaves the room, stops polling. */
  async stop(): Promise<void> {
    if (!this.login || this.snapshot.status === 'stopped') return;
    await this.command({ cmd: 'stopconf' });
    clearTimeout(this.timer);
    this.login = null;
    this.set({ ...INITIAL, status: 'stopped' });
  }

  private command(cmd: ConfCommand): Promise<boolean> {
    return this.send([{ from: this.login?.instanceId ?? '', to: CONF_SERVER, type: 'cmd', txt: JSON.stringify(cmd) }]);
  }

  /** Posts messages; a non-200 answer or a network failure is retried, at most CONF_POST_RETRIES times. */
  private async send(data: ConfMessage[]): Promise<boolean> {
    const login = this.login;
    if (!login) return false;
    const url = `${this.opts.service}/v1/set/${login.confNum}/${login.instanceId}`;
    for (let attempt = 0; attempt <= CONF_POST_RETRIES; attempt++) {
      try {
        const res = await this.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: data.map((m) => JSON.stringify(m)) }),
        });
        if (res.status === 200) return ((await res.json()) as ConfAnswer<unknown>).ret === 0;
      } catch {
        // Retried below.
      }
      if (attempt < CONF_POST_RETRIES) await new Promise((r) => setTimeout(r, this.opts.retryMs ?? 300));
    }
    return false;
  }

  private schedule(ms = this.opts.pollMs ?? CONF_POLL_MS): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
  }

  private async poll(): Promise<void> {
    const login = this.login;
    if (!login) return;
    try {
      const res = await this.fetch(`${this.opts.service}/v1/get/${login.confNum}/${login.instanceId}`);
      const answer = (await res.json()) as ConfAnswer<string[]>;
      if (this.login !== login) return;
      if (answer.ret !== 0 || !('data' in answer)) {
        // The service forgot the instance (restart, expiry): the conference is over.
        this.login = null;
        return this.set({ ...INITIAL, status: 'idle', error: 'lost' });
      }
      for (const text of answer.data) this.receive(JSON.parse(text) as ConfMessage);
    } catch {
      // A missed poll is retried at the next tick.
    }
    if (this.login === login) this.schedule();
  }

  private receive(message: ConfMessage): void {
    let event: ConfEvent | null = null;
    if (message.type === 'msg' && message.txt) {
      event = JSON.parse(message.txt) as ConfEvent;
      this.apply(event);
    }
    for (const l of [...this.listeners]) l(message, event);
  }

  private apply(e: ConfEvent): void {
    const self = this.snapshot.selfUid;
    switch (e.event) {
      case 'ongetrealmok':
        if (this.snapshot.status === 'loggingIn') this.set({ status: 'loginok' });
        return;
      case 'onconfjoinok':
        return this.set({
          status: 'inroom',
          room: e.room,
          members: [e.self, ...e.members.filter((m) => m.uid !== e.self.uid)],
          volumes: {},
        });
      case 'onconfjoinfail':
        return this.set({ status: 'loginok', error: e.reason });
      case 'onconfdidleave':
        return this.set({
          status: this.snapshot.status === 'stopped' ? 'stopped' : 'loginok',
          room: null,
          members: [],
          volumes: {},
        });
      case 'onconfstate':
        return this.set({ room: this.snapshot.room && { ...this.snapshot.room, record: e.record } });
      case 'onselfstate':
      case 'onactorstate': {
        if (!this.snapshot.room) return;
        const members = this.snapshot.members;
        const at = members.findIndex((m) => m.uid === e.member.uid);
        return this.set({
          members: at < 0 ? [...members, e.member] : members.map((m, i) => (i === at ? e.member : m)),
        });
      }
      case 'onactorleave':
        if (e.uid !== self) this.set({ members: this.snapshot.members.filter((m) => m.uid !== e.uid) });
        return;
      case 'onvolumechanged':
        if (this.snapshot.room) this.set({ volumes: { ...this.snapshot.volumes, [e.uid]: e.volume } });
        return;
      default:
    }
  }
}
