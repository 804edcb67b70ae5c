import { createServer, type Server } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback.js';

export interface HostPage {
  html: string;
  headers?: Record<string, string>;
}

/**
 * A plain static web server for host pages on its own origin (`http://localhost:<port>`), as a
 * site owner's page would be: no framework, just HTML with the pasted script tag.
 */
export class HostSite {
  private pages = new Map<string, HostPage>();
  private server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const page = this.pages.get(path);
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers }).end(page.html);
  });
  port = 0;

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  set(path: string, page: HostPage): string {
    this.pages.set(path, page);
    return `${this.origin}${path}`;
  }

  async start(port = 0): Promise<void> {
    this.port = await listenOnLoopback(this.server, port);
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
