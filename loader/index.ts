/**
 * The script tag a host page pastes (dist/client/loader.js, a classic IIFE). It stays tiny:
 * protocol constants and nanostores only. The widget is imported by URL from the same origin.
 */
import type { WidgetModule } from '../src/protocol/loader.js';
import { installLoginWidget } from './install.js';

installLoginWidget(
  window as unknown as Parameters<typeof installLoginWidget>[0],
  document.currentScript as HTMLScriptElement | null,
  (url) => import(/* @vite-ignore */ url) as Promise<WidgetModule>,
);
