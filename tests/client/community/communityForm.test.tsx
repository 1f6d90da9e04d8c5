import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CommunityForm } from '../../../src/client/features/community/CommunityForm';
import { treeNodeOf, treeNodes, type CommunityTree } from '../../../src/client/features/community/community.api';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

let calls: Call[];
const job = {
  id: 7,
  kind: 'communityRooms',
  title: '生成房间',
  resource: null,
  format: null,
  state: 0,
  progress: 0,
  rows: null,
  total: null,
  fileName: null,
  bytes: null,
  error: null,
  createdAt: new Date().toISOString(),
  finishedAt: null,
  downloadable: false,
  result: null,
};

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/community/add': { id: 42 },
    '/api/user/community/generate': job,
    '/api/user/job/get': job,
  });
});
afterEach(() => resetRequestDeps());

describe('the community form', () => {
  it('checks the naming rule as it is typed, shows an example, and saves then generates', async () => {
    renderWithProviders(<CommunityForm row={null} opened onClose={() => undefined} />);
    fireEvent.change(screen.getByTestId('community-name'), { target: { value: 'Test Garden' } });
    expect(screen.getByTestId('community-rule-example')).toHaveTextContent('1栋2单元1803');
    expect(screen.getByTestId('community-rule-example')).toHaveTextContent('共 12 个房间');
    fireEvent.change(screen.getByTestId('community-rule'), { target: { value: '{building}栋{room}' } });
    expect(await screen.findByText('命名规则必须包含楼层占位符 floor')).toBeInTheDocument();
    expect(screen.getByTestId('community-save')).toBeDisabled();
    fireEvent.change(screen.getByTestId('community-rule'), { target: { value: '{building}-{unit}-{floor}{room:02}' } });
    expect(screen.getByTestId('community-rule-example')).toHaveTextContent('1-2-1803');
    fireEvent.click(screen.getByTestId('community-save'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/user/community/generate'));
    const add = calls.find((c) => c.url === '/api/user/community/add')!.body as Record<string, unknown>;
    expect(add).toMatchObject({
      name: 'Test Garden',
      namingRule: '{building}-{unit}-{floor}{room:02}',
      buildingCount: 1,
      unitCount: 1,
      floorCount: 6,
      roomCount: 2,
    });
    expect(calls.find((c) => c.url === '/api/user/community/generate')!.body).toEqual({ id: 42 });
  });

  it('the tree widget gets one node per level, with ids that say which level they are', () => {
    const tree: CommunityTree = {
      id: 3,
      name: 'G',
      truncated: false,
      buildings: [
        {
          id: 3,
          number: 1,
          name: '1栋',
          units: [
            {
              id: 3,
              number: 1,
              name: '1单元',
              doorUnits: [],
              rooms: [{ id: 3, unitId: 3, floor: 1, number: 1, name: '1栋1单元101' }],
            },
          ],
        },
      ],
    };
    const [c] = treeNodes(tree);
    const b = c!.children![0]!;
    const u = b.children![0]!;
    const r = u.children![0]!;
    expect([c!.label, b.label, u.label, r.label]).toEqual(['G', '1栋', '1单元 (1)', '1栋1单元101']);
    expect(new Set([c!.id, b.id, u.id, r.id]).size).toBe(4);
    expect([c, b, u, r].map((n) => treeNodeOf(n!.id))).toEqual([
      { kind: 'community', id: 3 },
      { kind: 'building', id: 3 },
      { kind: 'unit', id: 3 },
      { kind: 'room', id: 3 },
    ]);
  });
});
