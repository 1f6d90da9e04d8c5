import { Code } from '../../shared/api';
import { isPlatformScope } from '../db/scope';
import { fail } from '../lib/api-error';
import type { Ctx } from './types';

/**
 * A binding's guard for platform-wide rows (tenants, the catalogue, products, categories): only
 * super administrators change them. It reads no table, so entity folders can use it without
 * importing db/schema (which lists them).
 */
export const superOnly = (ctx: Ctx) => {
  if (!isPlatformScope(ctx.scope)) fail(Code.FORBIDDEN, 'noPermission');
};
