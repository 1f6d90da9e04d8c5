import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PAGE_SIZES } from '../../../shared/resources/paging';
import { clampPage, lastPage, pageWindow } from './pageWindow';
import classes from './Pagination.module.css';

interface PaginationProps {
  page: number;
  size: number;
  total: number;
  /** More rows match than were counted (ListResult.capped): the total reads "10,000+". */
  capped?: boolean;
  onPageChange: (page: number) => void;
  onSizeChange?: (size: number) => void;
  sizes?: readonly number[];
}

/**
 * Table pagination (docs/requirements/widgets.md#pagination): first/last, five page buttons with ellipses, page input,
 * total, page size.
 */
export function Pagination({
  page,
  size,
  total,
  capped,
  onPageChange,
  onSizeChange,
  sizes = PAGE_SIZES,
}: PaginationProps) {
  const { t } = useLingui();
  const last = lastPage(total, size);
  const [input, setInput] = useState(String(page));
  useEffect(() => setInput(String(page)), [page]);

  if (total <= 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" data-testid="pagination-empty" py="xs">
        <Trans>暂无分页数据</Trans>
      </Text>
    );
  }

  const { pages, before, after } = pageWindow(page, last);
  const go = (next: number) => {
    if (next !== page) onPageChange(next);
  };
  const commit = () => {
    const next = clampPage(input, last);
    setInput(String(next));
    go(next);
  };

  return (
    <Group gap={6} justify="flex-end" wrap="wrap" data-testid="pagination" className={classes.root}>
      <Text size="sm" data-testid="pagination-total">
        {capped ? t`共 ${total.toLocaleString()}+ 条` : <Plural value={total} other="共 # 条" />}
      </Text>
      {onSizeChange && (
        <Select
          aria-label={t`每页条数`}
          size="xs"
          w={96}
          allowDeselect={false}
          data={sizes.map((s) => ({ value: String(s), label: t`${s} 条/页` }))}
          value={String(size)}
          onChange={(value) => value && onSizeChange(Number(value))}
        />
      )}
      <ActionIcon variant="default" aria-label={t`首页`} disabled={page <= 1} onClick={() => go(1)}>
        <IconChevronsLeft size={16} className={classes.flip} />
      </ActionIcon>
      {before && (
        <span className={classes.ellipsis} data-testid="pagination-ellipsis">
          …
        </span>
      )}
      {pages.map((p) => (
        <Button
          key={p}
          size="compact-sm"
          miw={32}
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => go(p)}
          data-testid="pagination-page"
        >
          {p}
        </Button>
      ))}
      {after && (
        <span className={classes.ellipsis} data-testid="pagination-ellipsis">
          …
        </span>
      )}
      <ActionIcon variant="default" aria-label={t`尾页`} disabled={page >= last} onClick={() => go(last)}>
        <IconChevronsRight size={16} className={classes.flip} />
      </ActionIcon>
      <TextInput
        aria-label={t`跳转页码`}
        size="xs"
        w={60}
        inputMode="numeric"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value.replace(/\D/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </Group>
  );
}
