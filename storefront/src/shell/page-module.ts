import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { ServiceContainer } from '../di/react';

/** Where a page is: the route's parameters and the URL's search parameters. */
export interface PageLocation {
  params: Params;
  search: URLSearchParams;
}

/** The document's title and description for a page, and its HTTP status when server-rendered. */
export interface PageHead {
  title: string;
  description: string;
  /** 404 for a page that shows nothing found (default 200). */
  status?: number;
}

/** What a page's chunk exports: the page, and for a server-rendered page (D17) its data and head. */
export interface PageModule {
  Component: ComponentType;
  /**
   * Loads what the page's first render shows into its stores: on the server before rendering,
   * and in the browser before hydrating the server's HTML (the same answers, no request).
   */
  prepare?: (container: ServiceContainer, location: PageLocation) => Promise<void>;
  /** Title and description from the loaded stores (after `prepare`). */
  head?: (container: ServiceContainer, location: PageLocation) => PageHead;
}
