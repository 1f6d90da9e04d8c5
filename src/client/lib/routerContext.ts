import type { QueryClient } from '@tanstack/react-query';
import type * as session from './session';

/** What every route's beforeLoad/loader receives (style guide 3: queryClient and session in context). */
export interface RouterContext {
  queryClient: QueryClient;
  session: typeof session;
}
