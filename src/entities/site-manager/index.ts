// The site-manager entity's public surface: what other folders use of it (the rest of the folder is its own).
export { SITE_MANAGER_STATUS } from './resource';
export { siteManagers } from './table';
