/** Field rules of docs/requirements/validation.md shared by forms and service schemas. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

export function isPhone(value: string): boolean {
  return PHONE_RE.test(value);
}
