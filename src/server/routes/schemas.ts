import { z } from 'zod';
import { USER_KINDS } from '../../shared/auth';

/** Response envelope for the OpenAPI document; `data` is null on failures. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), key: z.string(), data: data.nullable() });

export const emptyEnvelope = envelopeOf(z.null());

export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  kind: z.enum(USER_KINDS),
  tenantId: z.number().int(),
  tenantName: z.string(),
  departmentId: z.number().int().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  marks: z.array(z.string()),
});

export const ticketInfoSchema = z.object({ key: z.string(), expiresAt: z.string(), url: z.string() });

/** Login-like answers: the token travels in the `authorization` response header. */
export const loginResponse = { 200: envelopeOf(userInfoSchema) };
