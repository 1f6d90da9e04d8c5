import { noticeResource, websiteResource } from '../../shared/resources/site';
import { notices, websites } from '../db/schema';
import { registerBinding } from '../engine/registry';

export const noticeBinding = registerBinding({
  def: noticeResource,
  table: notices,
  id: notices.id,
  tenantId: notices.tenantId,
  columns: { title: notices.title, content: notices.content, level: notices.level, status: notices.status, tenantId: notices.tenantId, createdAt: notices.createdAt },
});

// One row per company: a second add answers the engine's "already exists" from the unique index.
export const websiteBinding = registerBinding({
  def: websiteResource,
  table: websites,
  id: websites.id,
  tenantId: websites.tenantId,
  columns: {
    siteName: websites.siteName,
    logo: websites.logo,
    phone: websites.phone,
    email: websites.email,
    address: websites.address,
    theme: websites.theme,
    tenantId: websites.tenantId,
  },
});
