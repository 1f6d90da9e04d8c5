import { useState } from 'react';
import { Button, Checkbox, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import simCardDef, {
  SIM_ACTIVE_STATES,
  SIM_MARK_CHANGE_PACKAGE,
  SIM_MARK_SUSPEND,
  SIM_MARK_SYNC,
  SIM_STATE,
  SIM_STATE_TABLE,
} from '../../../entities/sim-card/resource';
import packageDef from '../../../entities/sim-package/resource';
import type { Job } from '../../../shared/jobs';
import { fetchBlob, saveFile } from '../../lib/download';
import { request, toast } from '../../lib/request';
import { hasMark, isAllowed } from '../../lib/session';
import { followJob } from '../jobs/follow';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, resourceListQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { simRowCells, SimStateBadge } from './simCells';
import { confirmDanger } from '../../components/ConfirmDanger';

/**
 * /SIMCard: the company's cards with their state badges and this month's usage against the
 * package's allowance; suspend and resume (asked first; the row shows the in-between state while
 * the carrier works), usage of one card now or of all as a job, the package changed by an
 * administrator, a top-up link, and the import template. Actions follow the user's marks.
 */
export function SimCardScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** Cards the carrier is working on: the state shown until it answers. */
  const [pending, setPending] = useState<Record<number, number>>({});
  const [changing, setChanging] = useState<Row | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [renew, setRenew] = useState(false);
  const [busy, setBusy] = useState(false);
  const packages = useQuery({
    ...resourceListQuery(packageDef, { page: 1, size: 100, sort: [{ field: 'price', order: 'asc' }] }),
    enabled: changing !== null,
  });

  const base = simRowCells({ mb: 'MB', sms: t`条`, min: t`分钟` });
  const cells = { ...base, state: (row: Row) => <SimStateBadge state={pending[row.id] ?? row.state} id={row.id} /> };

  const refresh = () => invalidateResource(queryClient, simCardDef.name);

  const carrierAction = async (row: Row, action: 'suspend' | 'resume') => {
    const iccid = String(row.iccid);
    const ok = await confirmDanger(
      action === 'suspend'
        ? { message: t`确定要对 ${iccid} 停机吗？停机后该卡无法上网。`, confirmLabel: t`停机` }
        : { message: t`确定要对 ${iccid} 复机吗？`, confirmLabel: t`复机` },
    );
    if (!ok) return;
    setPending((p) => ({ ...p, [row.id]: action === 'suspend' ? SIM_STATE.shuttingDown : SIM_STATE.resuming }));
    try {
      const card = await request<Row>('iot', `simCard/${action}`, { id: row.id }, { quiet: true, timeoutMs: 60_000 });
      const state = codeLabel(SIM_STATE_TABLE, card.state);
      toast('success', action === 'suspend' ? t`${iccid} 已停机（${state}）` : t`${iccid} 已复机（${state}）`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setPending((p) => {
        const next = { ...p };
        delete next[row.id];
        return next;
      });
      await refresh();
    }
  };

  const syncOne = async (row: Row) => {
    try {
      await request<Row>('iot', 'simCard/syncUsage', { id: row.id }, { quiet: true, timeoutMs: 60_000 });
      toast('success', t`${String(row.iccid)} 的用量已同步`);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
    await refresh();
  };

  const syncAll = async () => {
    setBusy(true);
    try {
      const { job } = await request<{ job: Job }>('iot', 'simCard/syncUsage', {}, { showMessage: false });
      followJob(job, t`同步SIM卡用量`, {
        texts: {
          running: (j) => t`正在同步用量… ${j.progress}%`,
          done: (j) => t`用量同步完成，共 ${j.rows ?? 0} 张卡`,
        },
        onDone: () => void refresh(),
      });
    } catch {
      // the request helper showed why
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      // GET /api/iot/simCard/template, saved as the XLSX it is under the name of the console's language.
      const name = t`SIM卡导入模板.xlsx`;
      saveFile((await fetchBlob('iot', 'simCard/template', { failText: name })).blob, name);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
  };

  const changePackage = async () => {
    if (!changing || !packageId) return;
    setBusy(true);
    try {
      await request<Row>(
        'iot',
        'simCard/changePackage',
        { id: changing.id, packageId: Number(packageId), ...(renew ? { renew: true } : {}) },
        { quiet: true, timeoutMs: 60_000 },
      );
      toast('success', t`套餐已变更`);
      setChanging(null);
      await refresh();
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const between = (row: Row) => pending[row.id] !== undefined;
  const packageOptions = ((packages.data?.rows ?? []) as Row[]).map((p) => ({
    value: String(p.id),
    label: `${String(p.name)} · ¥${String(p.price)}`,
  }));

  return (
    <>
      <ResourceScreen
        def={simCardDef}
        {...props}
        cells={cells}
        title={<Trans>SIM卡管理</Trans>}
        rowActions={[
          {
            id: 'suspend',
            title: t`停机`,
            color: 'red',
            mark: SIM_MARK_SUSPEND,
            visible: (row) => !between(row) && SIM_ACTIVE_STATES.includes(Number(row.state)),
            run: (row) => void carrierAction(row, 'suspend'),
          },
          {
            id: 'resume',
            title: t`复机`,
            color: 'teal',
            mark: SIM_MARK_SUSPEND,
            visible: (row) =>
              !between(row) && (Number(row.state) === SIM_STATE.stopped || Number(row.state) === SIM_STATE.exception),
            run: (row) => void carrierAction(row, 'resume'),
          },
          {
            id: 'syncUsage',
            title: t`同步用量`,
            mark: SIM_MARK_SYNC,
            visible: (row) => !between(row),
            run: (row) => void syncOne(row),
          },
          {
            id: 'changePackage',
            title: t`变更套餐`,
            mark: SIM_MARK_CHANGE_PACKAGE,
            visible: (row) => !between(row),
            run: (row) => {
              setPackageId(null);
              setRenew(false);
              setChanging(row);
            },
          },
          {
            id: 'topup',
            title: t`充值`,
            color: 'orange',
            visible: () => isAllowed('topup'),
            run: (row) => void navigate({ href: `/topup?iccid=${encodeURIComponent(String(row.iccid))}` }),
          },
        ]}
        toolbar={() => (
          <>
            {hasMark(SIM_MARK_SYNC) && (
              <Button variant="light" loading={busy} onClick={() => void syncAll()} data-testid="sim-sync-all">
                <Trans>同步全部用量</Trans>
              </Button>
            )}
            {hasMark('simCard:import') && (
              <Button variant="default" onClick={() => void template()} data-testid="sim-template">
                <Trans>下载导入模板</Trans>
              </Button>
            )}
          </>
        )}
      />
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={<Trans>变更套餐</Trans>}
        data-testid="sim-change-package"
      >
        <Stack gap="sm">
          <Text size="sm">ICCID {String(changing?.iccid ?? '')}</Text>
          <Select
            label={<Trans>新套餐</Trans>}
            data={packageOptions}
            value={packageId}
            onChange={setPackageId}
            searchable
            data-testid="sim-package-select"
          />
          <Checkbox
            label={<Trans>续订当前套餐</Trans>}
            checked={renew}
            onChange={(e) => setRenew(e.currentTarget.checked)}
          />
          <Button
            onClick={() => void changePackage()}
            loading={busy}
            disabled={!packageId}
            data-testid="sim-change-package-ok"
          >
            <Trans>确定</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
