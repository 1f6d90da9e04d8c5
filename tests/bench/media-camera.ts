// What one camera on the wall costs (no target given): the simulator's RTSP camera
// (ffmpeg encoding H.264 640x480 at 15 fps) bridged by the service (ffmpeg decoding it and
// encoding VP8) into the SFU, measured as the CPU time each ffmpeg used over CAMERA_SECONDS
// (default 20) and the first picture's delay after the first viewer asked.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CameraBridge } from '../../src/server/media/camera-bridge';
import { Sfu } from '../../src/server/media/sfu';
import { startRtspServer } from '../../src/sim/rtsp';
import { mediaSkipped } from './ffmpeg';
import { benchFailed, sized } from './size';

const SECONDS = sized(20, 1, 'CAMERA_SECONDS');
const TICK = 100; // clock ticks per second on Linux

/** CPU seconds used so far by every ffmpeg child of this process, by its command's codec. */
function ffmpegCpu(): Record<'camera' | 'bridge', number> {
  const out = { camera: 0, bridge: 0 };
  const pids = execFileSync('pgrep', ['-P', String(process.pid), 'ffmpeg'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean);
  for (const pid of pids) {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / TICK;
    out[cmd.includes('libx264') ? 'camera' : 'bridge'] += cpu;
  }
  return out;
}

export async function benchCamera(): Promise<string[]> {
  const skipped = mediaSkipped('camera bridge');
  if (skipped) return [skipped];
  const rtsp = await startRtspServer({ port: 0 });
  const sfu = new Sfu();
  const bridge = new CameraBridge({ sfu, idleMs: 60_000 });
  try {
    const t0 = performance.now();
    await bridge.open('bench', rtsp.url('/cam1'));
    const firstMs = performance.now() - t0;
    const before = ffmpegCpu();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = ffmpegCpu();
    const pct = (k: 'camera' | 'bridge') => ((100 * (after[k] - before[k])) / SECONDS).toFixed(0);
    return [
      `Camera bridge, RTSP H.264 640x480 15 fps -> VP8 into the SFU: first picture in the room ${firstMs.toFixed(0)} ms after the first viewer asked; ` +
        `CPU over ${SECONDS} s: the bridge's ffmpeg ${pct('bridge')}% of a core, the simulated camera's ${pct('camera')}% (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
    ];
  } catch (err) {
    return [benchFailed('Camera bridge', err)];
  } finally {
    await bridge.closeAll();
    await sfu.close();
    await rtsp.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchCamera()) console.log(line);
}
