/**
 * Message keys the service may answer with. The envelope carries `key` next to an English
 * `msg`; the console shows its own translation of the key (every key must have one, which
 * the client's `serverMessages` table enforces by type) and falls back to `msg`.
 */
export const MESSAGES = {
  ok: 'OK',
  required: 'This field is required',
  invalidInput: 'Invalid input',
  accountRequired: 'Account must not be empty',
  passwordRequired: 'Password must not be empty',
  phoneRequired: 'Phone number must not be empty',
  codeRequired: 'SMS code must not be empty',
  phoneInvalid: 'Phone number must be 11 digits starting with 1 and a second digit of 3 to 9',
  passwordLength: 'Password must be 6 to 64 characters',
  badCredentials: 'Wrong account or password',
  accountDisabled: 'This account is disabled',
  tenantDisabled: 'This company is disabled',
  tooManyAttempts: 'Too many attempts, try again later',
  smsTooSoon: 'A code was sent less than 60 seconds ago',
  smsSent: 'Sent successfully',
  smsInvalid: 'Wrong or expired SMS code',
  smsNoAccount: 'No account uses this phone number',
  visitorUnavailable: 'Visitor login is not available',
  sessionExpired: 'Session expired, please log in again',
  noPermission: 'No viewing permission',
  readOnlyVisitor: 'Visitors cannot change data',
  oldPasswordWrong: 'The current password is wrong',
  passwordChanged: 'Password changed, please log in again',
  ticketInvalid: 'The link is invalid or has expired',
  notFound: 'Not found',
  roleHasUsers: 'Unbind all users of this role before deleting it',
  resourceHasRoles: 'Remove this resource from all roles before deleting it',
  noNavigation: 'No navigation bar data assigned',
  internal: 'The service failed; try again',
} as const;
export type MsgKey = keyof typeof MESSAGES;

export function isMsgKey(value: unknown): value is MsgKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}
