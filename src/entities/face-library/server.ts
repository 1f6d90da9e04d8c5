import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import faceLibrary from './resource';
import { faceLibraries } from './table';

export default defineEntity({
  def: faceLibrary,
  table: faceLibraries,
  computed: {
    // By name: the samples' table imports this one.
    sampleCount: sql<number>`(select count(*)::int from face_samples s where s.library_id = ${qualified(faceLibraries.id)})`,
  },
});
