// The community entity's public surface: what other folders use of it (the rest of the folder is its own).
export { COMMUNITY_ROOMS_JOB, communityRoomsJob } from './generate';
export { demoCommunityId } from './seed';
export { communities } from './table';
