/** Helpers of the /dataModel screen (DataModelScreen.tsx): problems, blank rows, export. */

import {
  thingModelSchema,
  type ModelCommand,
  type ModelMetric,
  type ThingModel,
} from '../../../shared/devices/thing-model';
import { saveFile } from '../../lib/download';

/** Problems of a model, by the path of the offending input ("metrics.2.key"). */
export function modelProblems(model: unknown): Map<string, string> {
  const parsed = thingModelSchema.safeParse(model);
  const out = new Map<string, string>();
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

export const emptyMetric = (): ModelMetric => ({ key: '', name: '', unit: '', min: 0, max: 100, precision: 0 });
export const emptyCommand = (): ModelCommand => ({ key: '', name: '', params: [] });

/** Downloads the model as `<product code>.thing-model.json`. */
export function download(name: string, model: ThingModel): void {
  saveFile(new Blob([JSON.stringify(model, null, 2)], { type: 'application/json' }), `${name}.thing-model.json`);
}
