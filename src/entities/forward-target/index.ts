// The forward-target entity's public surface: the table and its URL handling, for the transports
// (src/server/integrations/forward/).
export { forwardTargets, joinUrl } from './server';
