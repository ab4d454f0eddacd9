import type { ComponentProps } from 'react';

interface DisclosureButtonProps extends Omit<ComponentProps<'button'>, 'type' | 'aria-expanded' | 'aria-controls'> {
  /** Whether the region is shown now. */
  expanded: boolean;
  /** The id of the region the button shows and hides. */
  controls: string;
}

/**
 * A button that shows and hides a region of the page (the disclosure pattern): it says whether the
 * region is shown and which one it is. A ref passed in lets the caller hand the focus back to it.
 */
export function DisclosureButton({ expanded, controls, ...button }: DisclosureButtonProps) {
  return <button type="button" aria-expanded={expanded} aria-controls={controls} {...button} />;
}
