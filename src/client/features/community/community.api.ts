import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { Job } from '../../../shared/jobs';
import type { TreeNode } from '../../components/TreeList';
import { request } from '../../lib/request';
import { followJob } from '../jobs/follow';
import { invalidateResource } from '../resources/resources.queries';

interface TreeRoom {
  id: number;
  unitId: number;
  floor: number;
  number: number;
  name: string;
}
interface TreeUnit {
  id: number;
  number: number;
  name: string;
  doorUnits: number[];
  rooms: TreeRoom[];
}
export interface CommunityTree {
  id: number;
  name: string;
  truncated: boolean;
  buildings: { id: number; number: number; name: string; units: TreeUnit[] }[];
}

export const communityTreeQuery = (id: number) =>
  queryOptions({
    queryKey: ['community', 'tree', id] as const,
    queryFn: () => request<CommunityTree>('user', 'community/tree', { id }),
    staleTime: 5_000,
  });

/** What a tree node stands for; the TreeList's ids are numbers, so the kind is folded into them. */
type TreeKind = 'community' | 'building' | 'unit' | 'room';
const KINDS: TreeKind[] = ['community', 'building', 'unit', 'room'];
const treeNodeId = (kind: TreeKind, id: number) => id * 4 + KINDS.indexOf(kind);
export const treeNodeOf = (nodeId: number): { kind: TreeKind; id: number } => ({
  kind: KINDS[nodeId % 4]!,
  id: Math.floor(nodeId / 4),
});

/** The community as TreeList nodes: community > buildings > units (with their room count) > rooms. */
export function treeNodes(tree: CommunityTree): TreeNode[] {
  return [
    {
      id: treeNodeId('community', tree.id),
      label: tree.name,
      children: tree.buildings.map((b) => ({
        id: treeNodeId('building', b.id),
        label: b.name,
        children: b.units.map((u) => ({
          id: treeNodeId('unit', u.id),
          label: `${u.name} (${u.rooms.length})`,
          children: u.rooms.map((r) => ({ id: treeNodeId('room', r.id), label: r.name })),
        })),
      })),
    },
  ];
}

/** Refreshes every list and tree of the community screens. */
export async function refreshCommunity(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    ...['community', 'building', 'unit', 'room', 'propertyCompany', 'propertyStaff'].map((n) =>
      invalidateResource(queryClient, n),
    ),
    queryClient.invalidateQueries({ queryKey: ['community', 'tree'] }),
  ]);
}

/** Queues the room generator of a community and follows it in a notification until it ends. */
export async function generateRooms(queryClient: QueryClient, id: number, name: string): Promise<Job> {
  const job = await request<Job>('user', 'community/generate', { id });
  followJob(job, t`生成房间：${name}`, {
    texts: {
      running: (j) => t`正在生成房间… ${j.progress}%`,
      done: (j) => {
        const rooms = Number((j.result as { rooms?: number } | null)?.rooms ?? j.rows ?? 0);
        return t`生成完成，共 ${rooms} 个房间`;
      },
    },
    onDone: () => void refreshCommunity(queryClient),
  });
  return job;
}
