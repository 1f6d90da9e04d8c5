import { useState } from 'react';
import { Alert, Checkbox, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import communityDef, { DEFAULT_NAMING_RULE } from '../../../entities/community/resource';
import { checkSizes, COMMUNITY_LIMITS, parseNamingRule, roomName } from '../../../shared/community-naming';
import { formSchema } from '../../../shared/resources/schema';
import { RegionSelector, type RegionValue } from '../../components/RegionSelector';
import { serverMessage } from '../../i18n/serverMessages';
import { fieldErrors } from '../../lib/formErrors';
import { useFormErrors } from '../../lib/useFormErrors';
import { RequestError, request } from '../../lib/request';
import type { Row } from '../resources/resources.queries';
import { generateRooms, refreshCommunity } from './community.api';
import { ModalFooter } from '../../components/ModalFooter';

type Values = Record<string, unknown>;

/** Not a translated text: the rule's placeholders are the same in every language (and braces would be ICU syntax). */
const PLACEHOLDERS = '{building} {unit} {floor} {room} {room:02}';

const num = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Add or edit a community with the region dropdowns of the bundled data, its sizes and naming
 * rule (checked and shown on an example as it is typed) and its rates. Adding with "generate"
 * queues the room generator at once; the notification follows it.
 */
export function CommunityForm({
  row,
  opened,
  onClose,
}: {
  row: Row | null | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={row ? <Trans>修改社区</Trans> : <Trans>新建社区</Trans>}
      data-testid="community-form"
    >
      {opened && <Body key={row?.id ?? 'new'} row={row ?? null} onDone={onClose} />}
    </Modal>
  );
}

function Body({ row, onDone }: { row: Row | null; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [v, setV] = useState<Values>(() => ({
    name: row?.name ?? '',
    address: row?.address ?? '',
    area: row?.area ?? '',
    buildingCount: row?.buildingCount ?? 1,
    unitCount: row?.unitCount ?? 1,
    floorCount: row?.floorCount ?? 6,
    roomCount: row?.roomCount ?? 2,
    namingRule: row?.namingRule ?? DEFAULT_NAMING_RULE,
    electricityRate: row?.electricityRate ?? '',
    waterRate: row?.waterRate ?? '',
  }));
  const [region, setRegion] = useState<RegionValue>({
    province: (row?.province as string) || undefined,
    city: (row?.city as string) || undefined,
    district: (row?.district as string) || undefined,
  });
  const [generate, setGenerate] = useState(!row);
  const form = useFormErrors<string>();
  const [serviceError, setServiceError] = useState<string | null>(null);
  const set = (name: string) => (value: unknown) => setV((prev) => ({ ...prev, [name]: value }));

  const rule = parseNamingRule(String(v.namingRule ?? ''));
  const sizes = checkSizes({
    buildingCount: Number(v.buildingCount) || 0,
    unitCount: Number(v.unitCount) || 0,
    floorCount: Number(v.floorCount) || 0,
    roomCount: Number(v.roomCount) || 0,
  });

  const save = useMutation({
    mutationFn: async () => {
      const body: Values = {
        ...(row ? { id: row.id } : { namingRule: v.namingRule }),
        name: v.name,
        address: v.address || null,
        area: num(v.area),
        buildingCount: num(v.buildingCount) ?? 0,
        unitCount: num(v.unitCount) ?? 0,
        floorCount: num(v.floorCount) ?? 0,
        roomCount: num(v.roomCount) ?? 0,
        electricityRate: num(v.electricityRate),
        waterRate: num(v.waterRate),
        province: region.province ?? null,
        city: region.city ?? null,
        district: region.district ?? null,
      };
      if (form.show(fieldErrors(formSchema(communityDef, row ? 'update' : 'add'), body))) throw new Error('invalid');
      const saved = await request<Row>('user', row ? 'community/update' : 'community/add', body, { quiet: true });
      const id = row ? row.id : saved.id;
      if (generate) await generateRooms(queryClient, id, String(v.name));
      await refreshCommunity(queryClient);
    },
    onSuccess: onDone,
    onError: (error) => {
      if (error instanceof RequestError) setServiceError(error.message);
    },
  });

  const err = form.text;
  return (
    <Stack gap="sm">
      <TextInput
        label={t`名称`}
        required
        value={String(v.name ?? '')}
        onChange={(e) => set('name')(e.currentTarget.value)}
        error={err('name')}
        data-testid="community-name"
      />
      <RegionSelector value={region} onChange={setRegion} />
      <TextInput
        label={t`地址`}
        value={String(v.address ?? '')}
        onChange={(e) => set('address')(e.currentTarget.value)}
        error={err('address')}
      />
      <NumberInput
        label={t`面积(m²)`}
        value={v.area as number | string}
        onChange={set('area')}
        decimalScale={2}
        min={0}
        error={err('area')}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label={t`楼栋数`}
          value={v.buildingCount as number}
          onChange={set('buildingCount')}
          min={0}
          max={COMMUNITY_LIMITS.buildings}
          allowDecimal={false}
          data-testid="community-buildings"
        />
        <NumberInput
          label={t`每栋单元数`}
          value={v.unitCount as number}
          onChange={set('unitCount')}
          min={0}
          max={COMMUNITY_LIMITS.units}
          allowDecimal={false}
          data-testid="community-units"
        />
        <NumberInput
          label={t`楼层数`}
          value={v.floorCount as number}
          onChange={set('floorCount')}
          min={0}
          max={COMMUNITY_LIMITS.floors}
          allowDecimal={false}
          data-testid="community-floors"
        />
        <NumberInput
          label={t`每层房间数`}
          value={v.roomCount as number}
          onChange={set('roomCount')}
          min={0}
          max={COMMUNITY_LIMITS.rooms}
          allowDecimal={false}
          data-testid="community-rooms"
        />
      </SimpleGrid>
      <TextInput
        label={t`房间命名规则`}
        description={
          <>
            <Trans>占位符（楼栋、单元、楼层、房间；:02 补零到两位）：</Trans> {PLACEHOLDERS}
          </>
        }
        value={String(v.namingRule ?? '')}
        disabled={Boolean(row)}
        onChange={(e) => set('namingRule')(e.currentTarget.value)}
        error={rule.ok ? err('namingRule') : serverMessage(rule.key, rule.key)}
        data-testid="community-rule"
      />
      {rule.ok && (
        <Text size="sm" c="dimmed" data-testid="community-rule-example">
          <Trans>示例：</Trans>
          {roomName(String(v.namingRule), { building: 1, unit: 2, floor: 18, room: 3 })}
          {sizes.ok && <> · {t`共 ${sizes.rooms} 个房间`}</>}
        </Text>
      )}
      {!sizes.ok && sizes.key === 'communityTooLarge' && (
        <Alert color="red">{serverMessage(sizes.key, sizes.key)}</Alert>
      )}
      <SimpleGrid cols={2}>
        <NumberInput
          label={t`电费(元/度)`}
          value={v.electricityRate as number | string}
          onChange={set('electricityRate')}
          decimalScale={2}
          min={0}
          error={err('electricityRate')}
        />
        <NumberInput
          label={t`水费(元/吨)`}
          value={v.waterRate as number | string}
          onChange={set('waterRate')}
          decimalScale={2}
          min={0}
          error={err('waterRate')}
        />
      </SimpleGrid>
      <Checkbox
        label={t`保存后生成楼栋、单元和房间`}
        checked={generate}
        onChange={(e) => setGenerate(e.currentTarget.checked)}
        disabled={!sizes.ok}
        data-testid="community-generate"
      />
      {serviceError && <Alert color="red">{serviceError}</Alert>}
      <ModalFooter
        onCancel={onDone}
        onClick={() => save.mutate()}
        loading={save.isPending}
        disabled={!rule.ok || (generate && !sizes.ok)}
        data-testid="community-save"
      >
        <Trans>保存</Trans>
      </ModalFooter>
    </Stack>
  );
}
