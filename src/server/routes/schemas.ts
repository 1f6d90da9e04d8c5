import { z } from 'zod';
import { userInfoSchema } from '../../shared/auth';

/** Response envelope for the OpenAPI document; `data` is null on failures. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), key: z.string(), data: data.nullable() });

export const emptyEnvelope = envelopeOf(z.null());

/** Login-like answers: the token travels in the `authorization` response header. */
export const loginResponse = { 200: envelopeOf(userInfoSchema) };
