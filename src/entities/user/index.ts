// What other folders use of the user entity: who an administrator may see, how roles are set, its definition.
export { hideSupers } from './users';
export { default as userResource } from './resource';
