// react-admin's resource definitions as the console holds them (issue 14). react-admin registers each
// `<Resource>` in an effect after the shell's first render, and registers them all again (each one removed, then
// added) whenever its routes' state is set anew, which it does once just after that render. Each time the
// definitions became a new object, equal to the last, and every part that reads them (the menu, the titles) was
// rendered again in one synchronous task. Here the definitions are there from the first render, and a change
// that ends where it began keeps the same object, so nothing reading it renders again.
import {
  Children,
  isValidElement,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ResourceDefinition, ResourceDefinitionContext } from 'react-admin';

type Definitions = Record<string, ResourceDefinition>;
type Registering = { registerResource?: (props: unknown) => ResourceDefinition };

/** What react-admin registers for each `<Resource>` among `children`, as it does it (`registerResource`). */
export function definitionsOf(children: ReactNode): Definitions {
  const definitions: Definitions = {};
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const register = (child.type as Registering).registerResource;
    if (!register) continue;
    const definition = register(child.props);
    definitions[definition.name] = definition;
  }
  return definitions;
}

/** Two definitions alike, field by field (react-admin builds them flat, from the same props each time). */
const sameDefinition = (a: ResourceDefinition | undefined, b: ResourceDefinition | undefined): boolean => {
  if (!a || !b) return a === b;
  const keys = Object.keys(a) as (keyof ResourceDefinition)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
};

const sameDefinitions = (a: Definitions, b: Definitions): boolean => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => sameDefinition(a[name], b[name]));
};

/** react-admin's `ResourceDefinitionContextProvider`, given the definitions first, keeping them while alike. */
export const ResourceDefinitions = ({
  definitions: first,
  children,
}: {
  definitions: Definitions;
  children: ReactNode;
}) => {
  const [definitions, setDefinitions] = useState(first);
  const shown = useRef(definitions);
  useLayoutEffect(() => {
    shown.current = definitions;
  }, [definitions]);
  // Each step of a removal and addition in a row is seen in turn; where they end equal to what is shown, the
  // shown object is kept and the context does not change.
  const settle = useCallback(
    (next: Definitions) => (sameDefinitions(next, shown.current) ? shown.current : next),
    [],
  );
  const register = useCallback(
    (definition: ResourceDefinition) =>
      setDefinitions((previous) =>
        settle(
          sameDefinition(previous[definition.name], definition)
            ? previous
            : { ...previous, [definition.name]: definition },
        ),
      ),
    [settle],
  );
  const unregister = useCallback(
    (definition: ResourceDefinition) =>
      setDefinitions((previous) => {
        const { [definition.name]: _removed, ...rest } = previous;
        return settle(rest);
      }),
    [settle],
  );
  const value = useMemo(() => ({ definitions, register, unregister }), [definitions, register, unregister]);
  return <ResourceDefinitionContext.Provider value={value}>{children}</ResourceDefinitionContext.Provider>;
};
