import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DisclosureButton } from '../shared/disclosure-button';
import './menu-dropdown.css';

export interface MenuDropdownProps {
  /** The entry's visible content (text plus e.g. a badge). */
  label: ReactNode;
  /** The dropdown's links and buttons; each closes the dropdown when used. */
  children: ReactNode;
}

/**
 * A top-menu entry with a dropdown (disclosure pattern). SPEC opens it on hover; hover alone
 * fails on phones and for keyboards, so a click/tap and Enter/Space toggle it too, Escape closes
 * it and returns focus to the entry, and it closes when focus or a tap leaves it.
 */
export function MenuDropdown({ label, children }: MenuDropdownProps) {
  // 'hover' opens follow the mouse; a click pins the dropdown open until a choice, Escape or a click outside.
  const [openedBy, setOpenedBy] = useState<'hover' | 'click' | null>(null);
  const open = openedBy !== null;
  const setOpen = (value: boolean) => setOpenedBy(value ? 'click' : null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    // Delegated handlers (Escape, focus leaving, mouse hover): the control itself is the native button inside.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above
    <div
      ref={rootRef}
      className="menu-dropdown"
      data-open={open}
      // Hover opens only for a real mouse: a tap sends pointerenter too and would fight the click toggle.
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !open) setOpenedBy('hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && openedBy === 'hover') setOpenedBy(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <DisclosureButton
        ref={buttonRef}
        className="menu-dropdown__button"
        expanded={open}
        controls={panelId}
        onClick={() => setOpenedBy(openedBy === 'click' ? null : 'click')}
      >
        {label}
        <span className="menu-dropdown__caret" aria-hidden="true">
          ▾
        </span>
      </DisclosureButton>
      {/* Delegated: a click on a link or button inside closes the panel; the keyboard uses the links themselves. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- see above */}
      <div
        id={panelId}
        className="menu-dropdown__panel"
        hidden={!open}
        onClick={(event) => {
          // Any link or button inside does its job and closes the dropdown.
          if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** A link in a dropdown. */
export function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className="menu-dropdown__item" to={to}>
      {children}
    </Link>
  );
}

/** A button in a dropdown. */
export function MenuButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="menu-dropdown__item" onClick={onClick}>
      {children}
    </button>
  );
}
