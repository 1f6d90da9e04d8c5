// The forward-target entity's public surface: what other folders use of it (the rest of the folder is its own).
// Its URL handling is the transports' (src/server/integrations/forward/url.ts).
export { forwardTargets } from './table';
