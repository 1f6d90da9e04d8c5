import { useState } from 'react';
import { Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import { Pagination } from '../../components/Pagination';
import { APPLICATION_STATUS } from '../../../shared/codes';
import { DEFAULT_PAGE_SIZE } from '../../../shared/resources/paging';
import { resourceListQuery, type Row } from '../resources/resources.queries';
import { useOrgAction } from './org.api';
import { confirmDanger } from '../../components/ConfirmDanger';
import { formatDateCell } from '../../lib/dates';

const applications = { kind: 'user' as const, name: 'tenantApplication' };

/** Enterprise-edition applications with pass / fail review (super administrators). */
export function EnterpriseApplications() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useQuery(
    resourceListQuery(applications, {
      page,
      size,
      sort: [{ field: 'id', order: 'desc' }],
    }),
  );
  const review = useOrgAction<{ id: number; status: number }>('tenantApplication/review', [
    'tenantApplication',
    'tenant',
  ]);
  const statusLabel: Record<number, [string, string]> = {
    [APPLICATION_STATUS.pending]: [t`待审核`, 'orange'],
    [APPLICATION_STATUS.passed]: [t`已通过`, 'teal'],
    [APPLICATION_STATUS.failed]: [t`未通过`, 'red'],
  };
  const columns: Column<Row>[] = [
    { id: 'id', name: 'id', title: t`编号`, width: 80, fixed: 'left' },
    { id: 'tenantName', name: 'tenantName', title: t`企业`, width: 180 },
    { id: 'contact', name: 'contact', title: t`联系人`, width: 120 },
    { id: 'phone', name: 'phone', title: t`电话`, width: 130 },
    { id: 'note', name: 'note', title: t`备注`, width: 240 },
    {
      id: 'status',
      name: 'status',
      title: t`状态`,
      width: 100,
      render: (row) => {
        const [label, color] = statusLabel[Number(row.status)] ?? [String(row.status), 'gray'];
        return (
          <Badge color={color} variant="light">
            {label}
          </Badge>
        );
      },
    },
    {
      id: 'createdAt',
      name: 'createdAt',
      title: t`申请时间`,
      width: 170,
      render: (row) => formatDateCell(row.createdAt),
    },
    {
      id: 'actions',
      name: 'actions',
      title: t`操作`,
      type: 'but',
      fixed: 'right',
      width: 140,
      data: [
        {
          title: t`通过`,
          function: 'pass',
          color: 'teal',
          filter: { field: 'status', value: APPLICATION_STATUS.pending },
        },
        {
          title: t`驳回`,
          function: 'fail',
          color: 'red',
          filter: { field: 'status', value: APPLICATION_STATUS.pending },
        },
      ],
    },
  ];
  const onAction = (fn: string, row: Row) => {
    const passed = fn === 'pass';
    void confirmDanger({
      message: passed ? t`确定通过该企业版申请吗？` : t`确定驳回该企业版申请吗？`,
      confirmLabel: passed ? t`通过` : t`驳回`,
    }).then(
      (ok) =>
        ok &&
        review.mutate({
          id: row.id,
          status: passed ? APPLICATION_STATUS.passed : APPLICATION_STATUS.failed,
        }),
    );
  };
  return (
    <Stack gap="sm" data-testid="enterprise-applications">
      <DataTable columns={columns} rows={list.data?.rows ?? []} onAction={onAction} loading={list.isFetching} />
      <Pagination
        page={page}
        size={size}
        total={list.data?.total ?? 0}
        capped={list.data?.capped}
        onPageChange={setPage}
        onSizeChange={(s) => (setSize(s), setPage(1))}
      />
    </Stack>
  );
}
