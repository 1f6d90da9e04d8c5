import { z } from 'zod';

/** What /map/tenantInfo shows about the caller's own company. */
export const tenantInfoSchema = z.object({
  tenant: z.object({
    id: z.number(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.number(),
    createdAt: z.string(),
  }),
  counts: z.object({
    users: z.number(),
    departments: z.number(),
    devices: z.number(),
    onlineDevices: z.number(),
    unreadAlarms: z.number(),
    fences: z.number(),
  }),
  storage: z.object({ usedBytes: z.number(), quotaBytes: z.number() }),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;
