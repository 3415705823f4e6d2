import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later classes are appended, so callers add rather than override. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
