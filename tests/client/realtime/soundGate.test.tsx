import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SoundGate } from '../../../src/client/features/realtime/SoundGate';
import type { Sounds } from '../../../src/client/features/realtime/sounds';
import { renderWithProviders } from '../render';

function sounds(blocked: boolean) {
  const unlocked: number[] = [];
  const s: Sounds = {
    alert: () => undefined,
    ring: () => () => undefined,
    blocked: () => blocked,
    unlock: () => void unlocked.push(Date.now()),
  };
  return { s, unlocked };
}

describe('a console that cannot ring yet', () => {
  it('asks once for the click that unlocks the alarm sound, and goes away after any click', () => {
    const { s, unlocked } = sounds(true);
    renderWithProviders(<SoundGate sounds={s} />);
    expect(screen.getByTestId('sound-gate')).toHaveTextContent('报警声音未开启，点击开启');
    fireEvent.pointerDown(document.body);
    expect(unlocked).toHaveLength(1);
    expect(screen.queryByTestId('sound-gate')).toBeNull();
  });

  it('says nothing where sound already plays', () => {
    renderWithProviders(<SoundGate sounds={sounds(false).s} />);
    expect(screen.queryByTestId('sound-gate')).toBeNull();
  });
});
