import type { Binding } from './types';

const bindings = new Map<string, Binding>();

/** Adds a binding; src/server/resources/index.ts registers every org binding at import. */
export function registerBinding(b: Binding): Binding {
  bindings.set(`${b.def.kind}/${b.def.name}`, b);
  return b;
}

export function bindingFor(kind: string, name: string): Binding | undefined {
  return bindings.get(`${kind}/${name}`);
}

export function allBindings(): Binding[] {
  return [...bindings.values()];
}
