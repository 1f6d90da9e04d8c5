import { and, eq } from 'drizzle-orm';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { Code } from '../../shared/api';
import { faceLibraries } from '../face-library/table';
import faceReview from './resource';
import { faceReviews } from './table';

export default defineEntity({
  def: faceReview,
  table: faceReviews,
  hooks: {
    // The library must be the company's own.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.libraryId === undefined) return;
      const [library] = await tx
        .select({ id: faceLibraries.id })
        .from(faceLibraries)
        .where(and(eq(faceLibraries.id, Number(values.libraryId)), eq(faceLibraries.tenantId, tenantId)));
      if (!library) fail(Code.BAD_REQUEST, 'refInvalid');
    },
  },
});
