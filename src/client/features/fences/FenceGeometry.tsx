import { useEffect, useRef, useState } from 'react';
import { Button, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { IconPencil, IconPolygon, IconCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FENCE_SHAPE } from '../../../shared/geo/fence';
import type { DrawnShape, MapApi } from '../../map/types';
import { errorText } from '../../lib/formErrors';
import { SHAPE_REQUIRED, shapeOf } from './fenceForm';
import { type FenceFormValues } from './fenceValues';
import { drawnToMapShape } from './fenceShapes';

const LAYER = 'fence-editor';

interface FenceGeometryProps {
  api: MapApi | null;
  values: FenceFormValues;
  onShape: (s: DrawnShape) => void;
  onCenter: (lon: number | null, lat: number | null) => void;
  error?: string;
}

/**
 * The fence's geometry in the form: draw or edit it on the map, or type the circle's centre.
 * The shape stays on the map while not drawing, so the radius and centre fields move it at once.
 */
export function FenceGeometry({ api, values, onShape, onCenter, error }: FenceGeometryProps) {
  const { t } = useLingui();
  const [drawing, setDrawing] = useState(false);
  const shape = shapeOf(values);
  const kind = values.shape === FENCE_SHAPE.polygon ? 'polygon' : 'circle';
  const shapeKey = JSON.stringify(shape);
  const latest = useRef(onShape);
  latest.current = onShape;

  useEffect(() => {
    if (!api) return;
    if (drawing || !shape) api.clear(LAYER);
    else api.setShapes(LAYER, [drawnToMapShape('editing', shape)]);
    // shapeKey stands for the shape's content: a new but equal object must not redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, drawing, shapeKey]);

  // Switching between circle and polygon ends a drawing of the other kind; leaving ends any.
  useEffect(() => () => api?.cancelDraw(), [api, kind]);
  useEffect(() => () => api?.clear(LAYER), [api]);

  const draw = async (edit: boolean) => {
    if (!api) return;
    setDrawing(true);
    try {
      const drawn = await api.draw(kind, edit && shape ? shape : undefined);
      if (drawn) latest.current(drawn);
    } finally {
      setDrawing(false);
    }
  };

  const shown = error === SHAPE_REQUIRED ? t`请在地图上绘制围栏` : errorText(error);
  const Icon = kind === 'circle' ? IconCircle : IconPolygon;
  return (
    <Input.Wrapper label={t`围栏范围`} withAsterisk error={shown} data-testid="fence-geometry">
      <Stack gap="xs" mt={4}>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<Icon size={14} />}
            onClick={() => void draw(false)}
            disabled={!api || drawing}
            data-testid="fence-draw"
          >
            {shape ? <Trans>重新绘制</Trans> : <Trans>绘制</Trans>}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => void draw(true)}
            disabled={!api || drawing || !shape}
            data-testid="fence-edit-shape"
          >
            <Trans>编辑图形</Trans>
          </Button>
          {drawing && (
            <Button size="xs" variant="default" onClick={() => api?.cancelDraw()} data-testid="fence-draw-cancel">
              <Trans>取消绘制</Trans>
            </Button>
          )}
        </Group>
        {kind === 'circle' ? (
          <Group gap="xs" grow>
            <NumberInput
              label={t`经度`}
              size="xs"
              decimalScale={6}
              min={-180}
              max={180}
              value={values.longitude ?? ''}
              onChange={(v) => onCenter(toNum(v), values.latitude)}
              data-testid="fence-longitude"
            />
            <NumberInput
              label={t`纬度`}
              size="xs"
              decimalScale={6}
              min={-90}
              max={90}
              value={values.latitude ?? ''}
              onChange={(v) => onCenter(values.longitude, toNum(v))}
              data-testid="fence-latitude"
            />
          </Group>
        ) : (
          <Text size="xs" c="dimmed" data-testid="fence-vertex-count">
            {values.points ? <Trans>{values.points.length} 个顶点</Trans> : <Trans>尚未绘制</Trans>}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

const toNum = (v: string | number): number | null => (v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
