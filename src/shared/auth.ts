import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { PHONE_RE } from './validation';
import { USER_KINDS } from './session';

/** Contracts of the auth service (`/api/auth/...`) and the navigation call. */
const language = z.string().max(8).optional();
const phone = z.string().trim().min(1, 'phoneRequired').regex(PHONE_RE, 'phoneInvalid');

export const loginBody = z.object({
  username: z.string().trim().min(1, 'accountRequired').max(64),
  password: z.string().min(1, 'passwordRequired').max(PASSWORD_MAX),
  language,
});
export const smsSendBody = z.object({ phone });
export const smsLoginBody = z.object({
  phone,
  code: z.string().trim().min(1, 'codeRequired').max(12),
  language,
});
export const visitorLoginBody = z.object({ language });
export const changePasswordBody = z.object({
  oldPassword: z.string().min(1, 'passwordRequired').max(PASSWORD_MAX),
  newPassword: z.string().min(PASSWORD_MIN, 'passwordLength').max(PASSWORD_MAX, 'passwordLength'),
});
/** A permitted user asks for an auto-login ticket for `/ProDeviceList?imei=..&key=..`. */
export const ticketCreateBody = z.object({ imei: z.string().trim().max(32).optional() });
export const ticketExchangeBody = z.object({ key: z.string().min(1).max(2048), language });
export const navigationBody = z.object({ language }).default({});

/** The login answer's `data`, stored by the client as `usinfo`; also the OpenAPI schema of it. */
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
  /** Button permission marks granted through the user's roles ('*' for super administrators). */
  marks: z.array(z.string()),
  /**
   * The tenant's time zone (IANA name): the console shows every date on its clock and means its
   * days. Tenants have no zone of their own yet, so it is the service's TIME_ZONE for all.
   */
  timeZone: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const ticketInfoSchema = z.object({ key: z.string(), expiresAt: z.string(), url: z.string() });
export type TicketInfo = z.infer<typeof ticketInfoSchema>;
