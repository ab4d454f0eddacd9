/**
 * `react-dom/client` in the browser's build, where the shop renders with Preact (vite.config.ts,
 * `browserRenderer`): Preact's `createRoot` and `hydrateRoot`, and one thing Preact does not do
 * for a page React rendered on the server.
 *
 * `useId` gives each renderer its own ids: the server's HTML carries React's, Preact's components
 * hold Preact's, and hydration keeps the server's attributes as they are. A label and its field
 * still agree (both keep React's id), but an attribute that appears later would name an id no
 * element has: the filter drawer's `aria-labelledby`, set when it opens, named a heading that still
 * carried React's id, so the dialog had no name. Here, after each element is rendered (hydrated
 * included), the attributes that hold or name an id are made what the component rendered, so the
 * page's ids are Preact's from hydration on. Elsewhere the check finds them equal and does nothing.
 */
import { options, type VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

/** The props that hold an element's id or name other elements' ids, and their attributes. */
const ID_PROPS: ReadonlyArray<readonly [prop: string, attribute: string]> = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-controls', 'aria-controls'],
  ['aria-owns', 'aria-owns'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['list', 'list'],
];

/** The element Preact rendered for `vnode` (its `_dom`, under the name Preact's build gives it). */
const elementOf = (vnode: VNode): unknown => (vnode as VNode & { __e?: unknown }).__e;

const previous = options.diffed?.bind(options);
options.diffed = (vnode) => {
  const element = elementOf(vnode);
  if (typeof vnode.type === 'string' && element instanceof Element) {
    const props = vnode.props as Record<string, unknown>;
    for (const [prop, attribute] of ID_PROPS) {
      const value = props[prop];
      if (typeof value === 'string' && element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
    }
  }
  previous?.(vnode);
};
