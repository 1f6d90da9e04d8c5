import { Code } from '../../shared/api';
import { isPlatformScope } from '../db/scope';
import { fail } from '../lib/api-error';
import type { Ctx } from './types';

/**
 * A binding's guard for platform-wide rows (tenants, the catalogue, products, categories): only
 * super administrators change them. It reads no table, so entity folders can use it without
 * importing db/schema (which lists them). The organisation's own actions pass the request's scope
 * (`superOnly(authed(request))`).
 */
export const superOnly = (ctx: Pick<Ctx, 'scope'>) => {
  if (!isPlatformScope(ctx.scope)) fail(Code.FORBIDDEN, 'noPermission');
};
