// Preloaded into a benchmarked server (node --import): V8's sampling heap profiler, counting
// objects the GC has already collected too (what a request allocates, not what it keeps). The
// first SIGUSR2 starts sampling, the next writes the profile to ALLOC_PROFILE_FILE and stops.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.ALLOC_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      session.post('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      return;
    }
    sampling = false;
    session.post('HeapProfiler.stopSampling', (error, result) => {
      writeFileSync(file, JSON.stringify(error ? { error: String(error) } : result.profile));
    });
  });
}
