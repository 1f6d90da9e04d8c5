import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { ActionButton } from './types';

/**
 * Up to this many row actions show as buttons; beyond it the first INLINE_KEPT stay and the rest go
 * behind "更多". Eight: a screen's own actions (an alarm's 处理, a binding's 通过, a community's
 * 房间结构 as its seventh) come after the generic 详情, 修改 and before 删除, and must stay one click
 * each; handling an alarm behind a menu is what an operator under pressure would miss.
 */
const INLINE_ACTIONS = 8;
const INLINE_KEPT = 7;
const MORE_WIDTH = 30;
/** A compact-xs button's inline padding and border, the gap between buttons, the cell's padding and a margin for the font. */
const BUTTON_PAD = 16;
const BUTTON_GAP = 4;
const CELL_PAD = 20 + 8;

/** Width of a button's label at the compact-xs size (12 px): ideographs a full em, other letters about 7 px. */
function labelWidth(title: string): number {
  let width = 0;
  for (const ch of title) width += ch.codePointAt(0)! >= 0x2e80 ? 12 : 7;
  return width;
}

/**
 * Width of an action column showing `buttons` (at most eight buttons, or seven and the "more" menu), from their
 * labels: a column sized for the most buttons any row shows, not for every action of the list, so a list whose
 * rows show either 绑定 or 解绑 does not give both room.
 */
export function actionColumnWidth(buttons: readonly Pick<ActionButton, 'title'>[]): number {
  const inline = buttons.length > INLINE_ACTIONS ? buttons.slice(0, INLINE_KEPT) : buttons;
  const more = buttons.length > INLINE_ACTIONS ? MORE_WIDTH + BUTTON_GAP : 0;
  const width =
    inline.reduce((sum, b) => sum + labelWidth(b.title) + BUTTON_PAD, 0) +
    Math.max(0, inline.length - 1) * BUTTON_GAP +
    more;
  return Math.max(80, Math.ceil(width + CELL_PAD));
}

/**
 * A row's action buttons: eight or fewer inline; more keep the first seven inline and list the rest in a "更多" menu.
 * The menu stays mounted inside the row (and floats with a fixed strategy so the cell does not clip it), so each
 * action keeps its `row-<function>` test id within its row.
 */
export function RowActions({
  buttons,
  onRun,
  fullWidth,
}: {
  buttons: readonly ActionButton[];
  onRun: (button: ActionButton) => void;
  fullWidth?: boolean;
}) {
  const { t } = useLingui();
  const inline = buttons.length > INLINE_ACTIONS ? buttons.slice(0, INLINE_KEPT) : buttons;
  const rest = buttons.length > INLINE_ACTIONS ? buttons.slice(INLINE_KEPT) : [];
  return (
    <Group gap={4} wrap={fullWidth ? 'wrap' : 'nowrap'}>
      {inline.map((b) => (
        <Button
          key={b.function}
          size="compact-xs"
          variant="light"
          color={b.color}
          data-testid={`row-${b.function}`}
          onClick={() => onRun(b)}
        >
          {b.title}
        </Button>
      ))}
      {rest.length > 0 && (
        <Menu keepMounted withinPortal={false} floatingStrategy="fixed" position="bottom-end">
          <Menu.Target>
            <ActionIcon
              size="sm"
              variant="light"
              color="gray"
              aria-label={t`更多操作`}
              title={t`更多操作`}
              data-testid="row-more"
            >
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {rest.map((b) => (
              <Menu.Item key={b.function} color={b.color} data-testid={`row-${b.function}`} onClick={() => onRun(b)}>
                {b.title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
