import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_RECORD_CONFIG,
  loadRecordConfig,
  recordConfigProblem,
  saveRecordConfig,
} from '../../../src/client/features/conference/recordConfig';

describe('the conference recording settings', () => {
  beforeEach(() => localStorage.clear());

  it('needs every field, and plain names for the bucket and prefix', () => {
    expect(recordConfigProblem(DEFAULT_RECORD_CONFIG)).toBeNull();
    expect(recordConfigProblem({ ...DEFAULT_RECORD_CONFIG, prefix: '  ' })).toBe('required');
    expect(recordConfigProblem({ ...DEFAULT_RECORD_CONFIG, bucket: '' })).toBe('required');
    expect(recordConfigProblem({ ...DEFAULT_RECORD_CONFIG, prefix: '../x' })).toBe('invalid');
    expect(recordConfigProblem({ ...DEFAULT_RECORD_CONFIG, bucket: 'a b' })).toBe('invalid');
  });

  it('is unset until saved, then kept trimmed; what cannot be used counts as unset', () => {
    expect(loadRecordConfig()).toBeNull();
    saveRecordConfig({ video: false, protocol: 1, bucket: ' media ', prefix: 'site-a ' });
    expect(loadRecordConfig()).toEqual({ video: false, protocol: 1, bucket: 'media', prefix: 'site-a' });
    localStorage.setItem('conf-record-config', '{"bucket":"","prefix":"x"}');
    expect(loadRecordConfig()).toBeNull();
    localStorage.setItem('conf-record-config', 'not json');
    expect(loadRecordConfig()).toBeNull();
  });
});
