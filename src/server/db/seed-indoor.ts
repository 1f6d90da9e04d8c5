import { UWB_STATUS } from '../../entities/uwb-base-station';
import { drawings, indoorMaps, uwbBaseStations } from './schema';
import type { Tx } from './driver';
import { DEMO_FLOOR } from './demo-files';

const ANCHORS = [
  { code: 'A1', name: 'North-west corner', x: 1, y: 1 },
  { code: 'A2', name: 'North-east corner', x: 59, y: 1 },
  { code: 'A3', name: 'South-east corner', x: 59, y: 39 },
  { code: 'A4', name: 'South-west corner', x: 1, y: 39 },
  { code: 'A5', name: 'Hall centre', x: 30, y: 20 },
] as const;

export async function seedIndoor(tx: Tx, tenantId: number): Promise<void> {
  const { width, height, floor, picture } = DEMO_FLOOR;
  const [map] = await tx
    .insert(indoorMaps)
    .values({
      tenantId,
      title: 'Construction site hall',
      address: 'Demo Road 1',
      floor,
      picture,
      width,
      height,
      scale: 100,
    })
    .returning({ id: indoorMaps.id });
  const [drawing] = await tx
    .insert(drawings)
    .values([
      {
        tenantId,
        project: 'Demo construction site',
        customer: 'Demo Site',
        building: 'A',
        unit: '1',
        floor,
        picture,
        indoorMapId: map!.id,
        kind: 'uwb',
      },
      {
        tenantId,
        project: 'Demo construction site (architectural)',
        customer: 'Demo Site',
        building: 'A',
        unit: '1',
        floor,
        picture,
        indoorMapId: map!.id,
        kind: 'normal',
      },
    ])
    .returning({ id: drawings.id });
  await tx.insert(uwbBaseStations).values(
    ANCHORS.map((a, i) => ({
      tenantId,
      drawingId: drawing!.id,
      indoorMapId: map!.id,
      floor,
      ...a,
      z: 3,
      // The centre anchor was never configured: it shows the "default" state.
      status: i === ANCHORS.length - 1 ? UWB_STATUS.default : UWB_STATUS.normal,
    })),
  );
}
