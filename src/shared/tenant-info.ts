/** What /map/tenantInfo shows about the caller's own company. */
export interface TenantInfo {
  tenant: {
    id: number;
    name: string;
    address: string | null;
    phone: string | null;
    status: number;
    createdAt: string;
  };
  counts: {
    users: number;
    departments: number;
    devices: number;
    onlineDevices: number;
    unreadAlarms: number;
    fences: number;
  };
  storage: { usedBytes: number; quotaBytes: number };
}
