// The resources' definitions as react-admin registers them (issue 14). react-admin registers each `<Resource>` in
// an effect after the shell's first render, so that render drew the menu and the titles without them, and every
// part reading them rendered again, synchronously, once they came. Given to react-admin's definitions context from
// the start (ConsoleAdmin), the first render has them, and they stay as given: react-admin's registrations change
// nothing.
import { Children, isValidElement, type ReactNode } from 'react';
import type { ResourceDefinition } from 'react-admin';

type Registering = { registerResource?: (props: unknown) => ResourceDefinition };

/** What react-admin registers for each `<Resource>` among `children`, as it does it (`registerResource`). */
export function definitionsOf(children: ReactNode): Record<string, ResourceDefinition> {
  const definitions: Record<string, ResourceDefinition> = {};
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const register = (child.type as Registering).registerResource;
    if (!register) continue;
    const definition = register(child.props);
    definitions[definition.name] = definition;
  }
  return definitions;
}
