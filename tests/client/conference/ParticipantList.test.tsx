import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ParticipantList } from '../../../src/client/features/conference/ParticipantList';
import { renderWithProviders } from '../render';

const member = (uid: string, state: number) => ({ uid, userName: uid, displayName: `User ${uid}`, state, role: 4096 });

describe('ParticipantList', () => {
  it('says 无用户 when the room is empty', () => {
    renderWithProviders(
      <ParticipantList members={[]} selfUid={null} subscribed={new Set()} onSubscribe={() => undefined} />,
    );
    expect(screen.getByTestId('conf-members-empty').textContent).toBe('无用户');
  });

  it('marks the own entry (自身), shows what each sends, and subscribes to the others only', () => {
    const onSubscribe = vi.fn();
    renderWithProviders(
      <ParticipantList
        members={[member('7', 15), member('8', 12)]}
        selfUid="7"
        subscribed={new Set()}
        onSubscribe={onSubscribe}
      />,
    );
    const rows = screen.getAllByTestId('conf-member');
    expect(rows[0]!.textContent).toContain('User 7(自身)');
    expect(rows[1]!.textContent).not.toContain('(自身)');
    expect(rows[0]!.querySelector('[aria-label="音频开启"]')).not.toBeNull();
    expect(rows[1]!.querySelector('[aria-label="视频关闭"]')).not.toBeNull();
    const buttons = screen.getAllByTestId('conf-subscribe');
    expect(buttons).toHaveLength(1);
    // Member 8 sends nothing yet: nothing to subscribe to.
    expect((buttons[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('subscribes to a member that sends', () => {
    const onSubscribe = vi.fn();
    renderWithProviders(
      <ParticipantList
        members={[member('7', 15), member('8', 15)]}
        selfUid="7"
        subscribed={new Set()}
        onSubscribe={onSubscribe}
      />,
    );
    fireEvent.click(screen.getByTestId('conf-subscribe'));
    expect(onSubscribe).toHaveBeenCalledWith('8');
  });
});
