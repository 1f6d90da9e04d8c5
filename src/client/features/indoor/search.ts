import { searchRules, text } from '../../lib/searchParams';

/** ?plan=drawing:3 or map:1: the floor a screen shows (a bad value falls back to the first). */
export const planSearchSchema = searchRules({ plan: text({ pattern: /^(map|drawing):\d+$/ }) });
