/**
 * The script tag a host page pastes (dist/client/loader.js, a classic IIFE). It stays tiny:
 * protocol constants and nanostores only. The widget is imported by URL from the same origin.
 */
import type { WidgetModule } from '../src/protocol/loader.js';
import { installLoginWidget } from './install.js';

/** The first login modal's files, relative to the widget entry: filled in by vite.loader.config.ts. */
declare const __GATEHOUSE_MODAL_FILES__: string[];

installLoginWidget(
  window as unknown as Parameters<typeof installLoginWidget>[0],
  document.currentScript as HTMLScriptElement | null,
  (url) => import(/* @vite-ignore */ url) as Promise<WidgetModule>,
  __GATEHOUSE_MODAL_FILES__,
);
