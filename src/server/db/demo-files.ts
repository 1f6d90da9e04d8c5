import { UWB_FLOOR } from '../../shared/devices/motion';

// The files in public/ the demo data points at: the composition's seeds (seed-indoor.ts,
// seed-recordings.ts) and the entity folders' seeds and tests use them.

/**
 * The demo site's UWB floor: the hall the simulator's tags walk on, drawn by
 * public/indoor/demo-floor.svg (10 px per metre), with an anchor in every corner and one in the middle.
 */
export const DEMO_FLOOR = { ...UWB_FLOOR, picture: '/indoor/demo-floor.svg' } as const;

/** An 8 s WebM (VP8 + Opus) in public/, standing in for recorded calls: real ones are stored uploads. */
export const DEMO_RECORDING = '/video/demo-recording.webm';
/** Its first picture, as the service makes posters for stored videos (entities/vcr/poster.ts). */
export const DEMO_POSTER = '/video/demo-recording.jpg';
