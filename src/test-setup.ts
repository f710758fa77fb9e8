import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(cleanup);

// findBy and waitFor give up after 1 s by default, which a busy CI machine can pass while the page is right;
// the wait is a guard against a hang, never a target.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrollIntoView; the page calls it to bring a message into view.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// The web tests share their workers (isolate: false in vitest.config.ts: a jsdom each costs more than the tests),
// so each file starts as a fresh page would: an empty body (a test that wrote the page itself, not through render,
// leaves it behind), no stored data, real timers and globals, modules loaded anew.
document.body.replaceChildren();
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
window.localStorage.clear();
window.sessionStorage.clear();
