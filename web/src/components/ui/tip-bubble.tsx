import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../utils/cn';
import { tooltipClasses } from './tooltip-classes';

export interface TipBubbleProps {
  id: string;
  anchor: HTMLElement;
  content: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  sideOffset: number;
  className?: string;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}

/** The landmark (or dialog) of the trigger: the bubble joins it, so it stays in the same region for assistive technology. */
const CONTAINERS = 'main, [role="main"], header, nav, footer, aside, [role="dialog"], [role="alertdialog"]';

/** The tooltip itself, in a portal, placed by Floating UI beside its trigger and kept there while it shows. */
export function TipBubble({ id, anchor, content, side, sideOffset, className, onPointerEnter, onPointerLeave }: TipBubbleProps) {
  const bubble = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const floating = bubble.current;
    if (!floating) return;
    return autoUpdate(anchor, floating, () => {
      void computePosition(anchor, floating, { placement: side, strategy: 'fixed', middleware: [offset(sideOffset), flip(), shift({ padding: 8 })] }).then(({ x, y }) => {
        Object.assign(floating.style, { left: `${x}px`, top: `${y}px`, visibility: 'visible' });
      });
    });
  }, [anchor, side, sideOffset]);
  return createPortal(
    <div
      ref={bubble}
      id={id}
      role="tooltip"
      style={{ position: 'fixed', left: 0, top: 0, visibility: 'hidden' }}
      className={cn(tooltipClasses, className)}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      {content}
    </div>,
    anchor.closest(CONTAINERS) ?? document.body,
  );
}
