import { useEffect, useRef } from 'react';

// Keyboard triage (issue 3 §3): one key per action on the focused row. Keys are ignored while the
// user types (text fields, selects) or works in a dialog or menu, and with Ctrl, Alt or Meta held,
// so browser and screen-reader shortcuts keep working.

export const TRIAGE_SHORTCUTS = [
  { key: 'j', action: 'next', label: 'Move to the next row' },
  { key: 'k', action: 'previous', label: 'Move to the previous row' },
  { key: 'x', action: 'toggleSelect', label: 'Select or unselect the row' },
  { key: 'e', action: 'edit', label: 'Edit the value (Enter saves, Escape cancels)' },
  { key: 'r', action: 'resolve', label: 'Resolve the issue' },
  { key: 'm', action: 'mute', label: 'Mute: choose how long (Enter mutes for 1 day)' },
  { key: 'u', action: 'unmute', label: 'Unmute the issue' },
  { key: 'h', action: 'history', label: 'Show the history of the issue' },
  { key: '?', action: 'help', label: 'Show these shortcuts' },
] as const;

export type TriageAction = (typeof TRIAGE_SHORTCUTS)[number]['action'];
export type TriageHandlers = Record<TriageAction, () => void>;

const TEXT_INPUT_TYPES = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** True when a key press belongs to what the user is typing or to an open dialog or menu. */
export function isTypingContext(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement && !TEXT_INPUT_TYPES.has(target.type)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

const BY_KEY = new Map<string, TriageAction>(TRIAGE_SHORTCUTS.map((s) => [s.key, s.action]));

export function useTriageShortcuts(handlers: TriageHandlers, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || (event.repeat && event.key !== 'j' && event.key !== 'k')) return;
      if (isTypingContext(event.target)) return;
      const action = BY_KEY.get(event.key);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
