// A bench phase under the CPU profiler of this process (the service's main thread when the bench
// runs the service in-process), written as a .cpuprofile that scripts/profile-ingest.mjs
// --summarise reads; nothing when no file is asked for.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Starts profiling into `file`; the returned function stops and writes it (undefined without a file). */
export async function startProfile(file: string | undefined): Promise<(() => Promise<void>) | undefined> {
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
