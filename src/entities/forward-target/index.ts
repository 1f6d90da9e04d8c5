// The forward-target entity's public surface: the table and its URL handling, for the transports
// (src/server/integrations/forward/), and the split of a URL into what is stored and its password.
export { joinUrl, splitUrl } from './server';
export { forwardTargets } from './table';
