import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAiRowsStores } from '../features/ai/hooks/ai-rows-store';

// findBy*/waitFor poll for the expected state; on a loaded machine (CI on two shared cores) a
// screen may take longer than the default second to get there, which is not a failure.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Radix primitives and the theme code use.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// Component tests run without a server: the real-time socket (issue 13) stays "connecting" and
// never reaches whatever listens on jsdom's localhost. Tests of the socket stub their own.
class OfflineWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(readonly url: string, readonly protocols?: string | string[]) {
    super();
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = OfflineWebSocket as unknown as typeof WebSocket;

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(() => {
  cleanup();
  // The AI row stores live for the page's lifetime; a test's page ends with the test, and its
  // timers must not call the next test's mocks.
  resetAiRowsStores();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.head.querySelectorAll('meta[name="robots"], meta[name="googlebot"]').forEach((meta) => meta.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Files share a worker's modules (vitest.config.ts): a test that faked the clock leaves it real.
  vi.useRealTimers();
});
