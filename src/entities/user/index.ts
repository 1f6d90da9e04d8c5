// What other folders use of the user entity: who an administrator may see and how roles are set.
export { hideSupers, setUserRoles } from './users';
export { default as userResource } from './resource';
