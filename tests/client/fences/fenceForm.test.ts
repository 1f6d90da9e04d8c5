import { describe, expect, it } from 'vitest';
import {
  SHAPE_REQUIRED,
  bodyOf,
  serviceErrorField,
  shapeOf,
  validateFence,
  withShape,
} from '../../../src/client/features/fences/fenceForm';
import { emptyFence, parsePoints, valuesOf } from '../../../src/client/features/fences/fenceValues';

const ring: [number, number][] = [
  [114.05, 22.53],
  [114.07, 22.53],
  [114.07, 22.55],
];

describe('fence form values', () => {
  it('builds the add body with the fence/add field names (docs/fences.md), points and imeis', () => {
    const circle = withShape(
      { ...emptyFence(), name: ' 工地 ', imeis: ['860100000000001'], description: '' },
      { kind: 'circle', center: [114.06, 22.54], radiusM: 150 },
    );
    expect(bodyOf(circle)).toEqual({
      name: '工地',
      type: 1,
      shape: 0,
      status: 1,
      dwell: null,
      radius: 150,
      longitude: 114.06,
      latitude: 22.54,
      imeis: ['860100000000001'],
      groupIds: [],
    });
    const polygon = withShape({ ...circle, description: '北门', groupIds: [3] }, { kind: 'polygon', ring });
    expect(bodyOf(polygon, 7)).toEqual({
      id: 7,
      name: '工地',
      type: 1,
      shape: 1,
      status: 1,
      dwell: null,
      points: ring,
      description: '北门',
      imeis: ['860100000000001'],
      groupIds: [3],
    });
  });

  it('validates with the service schema: name, drawn shape, radius, ring', () => {
    expect(validateFence(emptyFence())).toEqual({ name: 'fenceNameRequired', geometry: SHAPE_REQUIRED });
    const named = { ...emptyFence(), name: 'A', longitude: 114, latitude: 22 };
    expect(validateFence(named)).toEqual({});
    expect(validateFence({ ...named, radius: null })).toEqual({ radius: 'required' });
    expect(validateFence({ ...named, radius: 60_000 })).toEqual({ radius: 'tooLarge' });
    const bowtie: [number, number][] = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ];
    expect(validateFence({ ...named, shape: 1, points: bowtie })).toEqual({ geometry: 'polygonSelfIntersects' });
    expect(validateFence({ ...named, shape: 1, points: null })).toEqual({ geometry: SHAPE_REQUIRED });
  });

  it('keeps the radius field and the circle in step', () => {
    const v = withShape(emptyFence(), { kind: 'circle', center: [114.06, 22.54], radiusM: 230 });
    expect(v.radius).toBe(230);
    expect(shapeOf({ ...v, radius: 80 })).toEqual({ kind: 'circle', center: [114.06, 22.54], radiusM: 80 });
    // An emptied radius field still draws the default circle rather than nothing.
    expect(shapeOf({ ...v, radius: null })).toMatchObject({ radiusM: 100 });
    expect(shapeOf(emptyFence())).toBeNull();
  });

  it('reads a stored fence: ring as array or JSON text, closed or open', () => {
    const v = valuesOf(
      {
        id: 3,
        name: 'B',
        type: 0,
        shape: 1,
        status: 0,
        radius: null,
        longitude: 114.06,
        latitude: 22.54,
        points: JSON.stringify([...ring, ring[0]]),
      },
      { imeis: ['1'], groupIds: [2] },
    );
    expect(v).toMatchObject({
      name: 'B',
      type: 0,
      shape: 1,
      status: 0,
      points: ring,
      imeis: ['1'],
      groupIds: [2],
      description: '',
    });
    expect(v.dwell).toBeNull();
    // A stored dwell comes back into the form and goes out with the update; 0 means at once.
    const home = valuesOf({
      name: 'Home',
      type: 1,
      shape: 0,
      status: 1,
      radius: 50,
      longitude: 114,
      latitude: 22,
      dwell: 0,
    });
    expect(home.dwell).toBe(0);
    expect(bodyOf(home, 4)).toMatchObject({ id: 4, dwell: 0 });
    expect(validateFence({ ...home, dwell: 3_601 })).toEqual({ dwell: 'tooLarge' });
    expect(parsePoints('not json')).toBeNull();
    expect(parsePoints([[1, 2]])).toBeNull();
  });

  it('places service refusals under their fields', () => {
    expect(serviceErrorField('refInvalid', 'The referenced row does not exist')).toBe('imeis');
    expect(serviceErrorField(undefined, 'groupIds: not in this company')).toBe('groupIds');
    expect(serviceErrorField(undefined, 'points.2: bad')).toBe('geometry');
    expect(serviceErrorField('fenceNameRequired', '围栏名称不能为空')).toBe('name');
    expect(serviceErrorField('internal', '服务异常')).toBeNull();
  });
});
