// SFU capacity (`npm run bench`): how many subscribers of one 640x480 door-unit stream
// (the simulator's ffmpeg source, real VP8 at about 400 kbit/s plus its Opus tone) the in-process
// SFU (src/server/media/sfu.ts) forwards before packets are lost. The SFU and the publisher run
// in this process, as in the service; the K subscribers run in a child process
// (tests/bench/media-sfu-subscribers.ts) so they do not take the SFU's CPU. K steps up; at each
// step the publisher forwards the source for a fixed window, then pauses while the last packets
// drain, so every video packet sent in the window is accounted for at every subscriber.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { MediaStreamTrack, RtpPacket, type RTCPeerConnection } from 'werift';
import { loopbackPeer, connected, localSdp } from '../server/media-helper';
import { Sfu, type MediaKind } from '../../src/server/media/sfu';
import { startMediaSource, type MediaSource } from '../../src/sim/media-source';
import { mediaSkipped } from './ffmpeg';
import { SMOKE, benchFailed, sized } from './size';

const STEPS = (process.env.MEDIA_SFU_STEPS ?? (SMOKE ? '1' : '1,4,16,32,48,64,96,128')).split(',').map(Number);
const WINDOW_MS = sized(5_000, 500, 'MEDIA_SFU_WINDOW_MS');
/** Forwarding before each window, so the new subscribers' first packets are not the figure. */
const WARM_MS = sized(1_000, 200);
const DRAIN_MS = sized(1_000, 300);
const MAX_LOSS = 0.01;
const MIN_RATE = 0.95;
const ROOM = 'bench';
/** Longest wait for one answer of the subscribers' process (a connection, a report). */
const ANSWER_MS = 30_000;

/** Requests to the subscribers' process (tests/bench/media-sfu-subscribers.ts), and its answers. */
export type ToSubscribers =
  { t: 'subscribe'; n: number; sdp: string } | { t: 'open' } | { t: 'close' } | { t: 'report' } | { t: 'quit' };
export type FromSubscribers =
  | { t: 'answer'; n: number; sdp: string }
  | { t: 'connected'; n: number }
  | { t: 'failed'; n: number; error: string }
  | { t: 'report'; onTime: number[]; total: number[]; cpuMs: number; wallMs: number };

/** Datagrams the host dropped because a socket's receive buffer was full (Linux; undefined elsewhere). */
function udpOverflows(): number | undefined {
  try {
    const [names, values] = readFileSync('/proc/net/snmp', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('Udp:'));
    return Number(values!.split(/\s+/)[names!.split(/\s+/).indexOf('RcvbufErrors')]);
  } catch {
    return undefined;
  }
}

/**
 * Nanoseconds this process's main thread (the SFU's event loop) has waited for a CPU (Linux;
 * undefined elsewhere): on shared cores it tells a busy SFU from a starved one.
 */
function cpuWaitNs(): number | undefined {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The subscribers' process: requests in, answers out, each answer awaited by its kind. */
function subscribers() {
  const child: ChildProcess = fork(fileURLToPath(new URL('./media-sfu-subscribers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting: { t: string; n?: number; resolve: (msg: FromSubscribers) => void; reject: (err: Error) => void }[] =
    [];
  child.on('message', (msg: FromSubscribers) => {
    if (msg.t === 'failed')
      return waiting.splice(0).forEach((w) => w.reject(new Error(`subscriber ${msg.n}: ${msg.error}`)));
    const i = waiting.findIndex((w) => w.t === msg.t && (w.n === undefined || ('n' in msg && w.n === msg.n)));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(msg);
  });
  const fail = (err: Error) => waiting.splice(0).forEach((w) => w.reject(err));
  child.on('exit', () => fail(new Error("the subscribers' process exited")));
  child.on('error', fail);
  const next = <T extends FromSubscribers['t']>(t: T, n?: number) =>
    new Promise<Extract<FromSubscribers, { t: T }>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${t} from subscriber ${n ?? 'process'} in ${ANSWER_MS / 1000} s`)),
        ANSWER_MS,
      );
      const done = (f: () => void) => (clearTimeout(timer), f());
      waiting.push({
        t,
        n,
        resolve: (msg) => done(() => resolve(msg as Extract<FromSubscribers, { t: T }>)),
        reject: (err) => done(() => reject(err)),
      });
    });
  const ask = (msg: ToSubscribers) => {
    if (!child.connected) throw new Error("the subscribers' process is gone");
    child.send(msg, (err) => err && fail(err));
  };
  /** Ends the process, politely first; resolves once it is gone. */
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    if (child.connected) ask({ t: 'quit' });
    else child.kill();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  return { ask, next, stop };
}

export async function benchSfu(log: (line: string) => void = () => undefined): Promise<string[]> {
  const skipped = mediaSkipped('SFU capacity');
  if (skipped) return (log(skipped), [skipped]);
  const sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
  const open: RTCPeerConnection[] = [];
  const subs = subscribers();
  let source: MediaSource | undefined;
  const lines: string[] = [];
  const print = (line: string) => (lines.push(line), log(line));
  try {
    // The door unit: a werift peer publishing what ffmpeg sends, only while `live`.
    const pc = loopbackPeer(open);
    const tracks: Record<MediaKind, MediaStreamTrack> = {
      audio: new MediaStreamTrack({ kind: 'audio' }),
      video: new MediaStreamTrack({ kind: 'video' }),
    };
    pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
    pc.addTransceiver(tracks.video, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const published = await sfu.publish(ROOM, 'door', await localSdp(pc));
    await pc.setRemoteDescription({ type: 'answer', sdp: published.sdp });
    await connected(pc);
    let live = false;
    let sent = 0;
    source = await startMediaSource({
      roomNo: 'bench',
      maxS: 60 + (STEPS.length * (WARM_MS + WINDOW_MS + DRAIN_MS + 5_000)) / 1000,
      onRtp: (kind, packet) => {
        if (!live) return;
        if (kind === 'video') sent += 1;
        tracks[kind].writeRtp(RtpPacket.deSerialize(packet));
      },
    });
    const forward = async (ms: number) => {
      live = true;
      await sleep(ms);
      live = false;
    };

    print(
      `SFU capacity: one publisher of the simulator's ffmpeg stream (VP8 640x480@15 fps ~400 kbit/s + Opus) into the SFU in this ` +
        `process, K werift subscribers (audio + video, DTLS-SRTP over loopback) in a child process; ${WINDOW_MS / 1000} s per step; ` +
        `a step fails above ${MAX_LOSS * 100}% video packet loss or when the slowest subscriber gets under ${MIN_RATE * 100}% of the ` +
        `source's packet rate on time (arrived before the window closed):`,
    );
    let capacity = 0;
    let failedAt: number | undefined;
    let have = 0;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    for (const k of STEPS) {
      // New subscribers, eight at a time: each is a DTLS handshake on both sides.
      const tc = performance.now();
      for (let n = have; n < k; n += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, k - n) }, async (_, j) => {
            const uid = `sub${n + j}`;
            const offer = await sfu.subscribe(ROOM, uid, 'door');
            const answer = subs.next('answer', n + j);
            const up = subs.next('connected', n + j);
            subs.ask({ t: 'subscribe', n: n + j, sdp: offer.sdp });
            await sfu.accept(ROOM, uid, offer.id, (await answer).sdp);
            await up;
          }),
        );
      }
      const added = k - have;
      have = k;
      const connectS = (performance.now() - tc) / 1000;
      await forward(WARM_MS);
      await sleep(DRAIN_MS / 2);

      const sfuBefore = sfu.stats(ROOM)[0]!.forwarded.video;
      const overflowsBefore = udpOverflows();
      sent = 0;
      subs.ask({ t: 'open' });
      lag.reset();
      lag.enable();
      const cpu = process.cpuUsage();
      const waitBefore = cpuWaitNs();
      const t0 = performance.now();
      await forward(WINDOW_MS);
      subs.ask({ t: 'close' });
      const windowS = (performance.now() - t0) / 1000;
      const used = process.cpuUsage(cpu);
      const waitNs = waitBefore === undefined ? undefined : cpuWaitNs()! - waitBefore;
      const waited =
        waitNs === undefined ? '' : ` waited for a CPU ${((waitNs / 1e9 / windowS) * 100).toFixed(0)}% of the time,`;
      lag.disable();
      await sleep(DRAIN_MS);
      const report = subs.next('report');
      subs.ask({ t: 'report' });
      const { onTime, total, cpuMs, wallMs } = await report;
      const sfuIn = sfu.stats(ROOM)[0]!.forwarded.video - sfuBefore;
      const overflows = overflowsBefore === undefined ? undefined : udpOverflows()! - overflowsBefore;

      const received = total.reduce((a, b) => a + b, 0);
      const loss = sent ? Math.max(0, 1 - received / (sent * k)) : 1;
      const rate = (n: number) => (n / windowS).toFixed(1);
      const slowest = Math.min(...onTime);
      const ok = sent > 0 && loss <= MAX_LOSS && slowest >= MIN_RATE * sent;
      print(
        `  K=${String(k).padStart(2)}: sent ${sent} video packets (${rate(sent)}/s), the SFU received ${sfuIn} (retransmissions included), delivered ${received} of ` +
          `${sent * k} (loss ${(loss * 100).toFixed(2)}%, worst subscriber ${Math.min(...total)}); per subscriber on time: slowest ` +
          `${rate(slowest)}/s, mean ${rate(onTime.reduce((a, b) => a + b, 0) / k)}/s; CPU: SFU process ` +
          `${(((used.user + used.system) / 1000 / (windowS * 1000)) * 100).toFixed(0)}% of a core (its event loop${waited} delay max ` +
          `${(lag.max / 1e6).toFixed(0)} ms), subscribers' process ${((cpuMs / wallMs) * 100).toFixed(0)}%` +
          `${overflows === undefined ? '' : `; UDP receive-buffer drops on the host ${overflows}`}; ${added} connected in ${connectS.toFixed(1)} s ` +
          `${ok ? 'ok' : 'DROPS'}`,
      );
      if (!ok) {
        failedAt = k;
        break;
      }
      capacity = k;
    }
    print(
      failedAt === undefined
        ? `  capacity: at least ${capacity} subscribers of one 640x480 stream without loss (the largest step tried)`
        : `  capacity: ${capacity} subscribers of one 640x480 stream forwarded without loss; packets drop at ${failedAt}`,
    );
  } catch (err) {
    print(benchFailed('SFU capacity', err));
  } finally {
    await source?.stop();
    await subs.stop();
    await sfu.close();
    await Promise.all(open.map((pc) => pc.close().catch(() => undefined)));
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSfu((line) => console.log(line));
}
