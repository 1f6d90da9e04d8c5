import type { FastifyInstance } from 'fastify';
import { addUser } from './fixtures';
import { post } from './helper';

const made = new Set<number>();

/**
 * Approval rows of a tenant for the registry-wide suites: a node needs two approvers of the
 * company, a request comes from a leave request submitted on it. Once per tenant: the node,
 * request and leave entries all lead here.
 */
export function createApprovalRows(tenantOf: (token: string) => number) {
  const make = async (app: FastifyInstance, token: string) => {
    const tenant = tenantOf(token);
    if (made.has(tenant)) return;
    made.add(tenant);
    const [one, two] = [
      await addUser(app, { tenant, username: `isoAapprover1_${tenant}` }),
      await addUser(app, { tenant, username: `isoAapprover2_${tenant}` }),
    ];
    const node = await post<{ id: number }>(
      app,
      '/api/user/approvalNode/add',
      { name: `isoAnode${tenant}`, level1Approvers: [one], level2Approvers: [two] },
      { token },
    );
    if (node.code !== 0) throw new Error(`approvalNode add: ${node.msg}`);
    const leave = await post(
      app,
      '/api/user/leaveRequest/add',
      {
        userId: one,
        type: 5,
        startAt: '2026-01-05T00:00:00.000Z',
        endAt: '2026-01-06T00:00:00.000Z',
        reason: `isoAleave${tenant}`,
        nodeId: node.data.id,
      },
      { token },
    );
    if (leave.code !== 0) throw new Error(`leaveRequest add: ${leave.msg}`);
  };
  return { 'user/approvalNode': make, 'user/approval': make, 'user/leaveRequest': make };
}
