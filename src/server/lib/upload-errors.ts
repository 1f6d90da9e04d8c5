// The upload failures the error handler (src/server/plugins/errors.ts) and the upload routes name.

export const MIB = 1024 * 1024;
/** A byte count as the messages name limits: "1 MB", "256 KB". */
export const sizeText = (bytes: number) =>
  bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Multipart failures of @fastify/multipart and busboy other than a file over its limit: a malformed upload. */
const MULTIPART_CODES = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);
export const isMultipartError = (err: unknown) => {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return (
    (code !== undefined && MULTIPART_CODES.has(code)) ||
    /^(Multipart: |Boundary required|Unexpected end of multipart data|Malformed|Unsupported content type)|terminated early/i.test(
      message ?? '',
    )
  );
};
