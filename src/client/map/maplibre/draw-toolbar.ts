/**
 * The small bar over the map while a drawing session runs: what to do next, and buttons to
 * finish (also Enter) or cancel (also Escape). Plain DOM, because the tool lives below React.
 */
import { t } from '@lingui/core/macro';

interface DrawToolbar {
  setHint(text: string): void;
  remove(): void;
}

export function drawHint(kind: 'circle' | 'polygon', editing: boolean): string {
  if (editing) return kind === 'circle' ? t`拖动圆心或半径控制点修改围栏` : t`拖动顶点修改围栏`;
  return kind === 'circle' ? t`点击圆心，再点击或拖动设置半径（默认100米）` : t`点击添加顶点，双击或点击起点完成`;
}

function button(label: string, testId: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.testid = testId;
  b.style.cssText = [
    'border:1px solid var(--mantine-color-default-border, #ccc)',
    'border-radius:4px',
    'padding:2px 10px',
    'cursor:pointer',
    'font:inherit',
    primary
      ? 'background:var(--mantine-primary-color-filled, #228be6);color:#fff'
      : 'background:var(--mantine-color-body, #fff)',
  ].join(';');
  // The map must not see these presses as drawing clicks.
  b.addEventListener('mousedown', (e) => e.stopPropagation());
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    onClick();
  });
  return b;
}

export function createDrawToolbar(container: HTMLElement, onFinish: () => void, onCancel: () => void): DrawToolbar {
  const bar = document.createElement('div');
  bar.dataset.testid = 'draw-toolbar';
  bar.style.cssText = [
    'position:absolute',
    'top:8px',
    'left:50%',
    'transform:translateX(-50%)',
    'z-index:5',
    'display:flex',
    'gap:8px',
    'align-items:center',
    'padding:4px 8px',
    'border-radius:4px',
    'background:var(--mantine-color-body, #fff)',
    'box-shadow:0 1px 4px rgba(0,0,0,.3)',
    'font-size:13px',
  ].join(';');
  const hint = document.createElement('span');
  hint.dataset.testid = 'draw-hint';
  bar.append(hint, button(t`完成`, 'draw-finish', true, onFinish), button(t`取消`, 'draw-cancel', false, onCancel));
  container.appendChild(bar);
  return {
    setHint: (text) => void (hint.textContent = text),
    remove: () => bar.remove(),
  };
}
