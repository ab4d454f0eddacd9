import type { ComponentType } from 'react';
import type { Params } from 'react-router-dom';
import type { Feature } from '../di/features';
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

/** What a page's chunk exports: the page, the stores it uses, and for a server-rendered page (D17) its data and head. */
export interface PageModule {
  Component: ComponentType;
  /**
   * The features whose stores the page's screen uses (src/di/features.ts): the shell binds them
   * into the container once the page's chunk has loaded, before `prepare` and the first render.
   */
  features?: readonly Feature[];
  /**
   * Loads what the page's first render shows into its stores: on the server before rendering,
   * and in the browser before hydrating the server's HTML (the same answers, no request).
   */
  prepare?: (container: ServiceContainer, location: PageLocation) => Promise<void>;
  /** Title and description from the loaded stores (after `prepare`). */
  head?: (container: ServiceContainer, location: PageLocation) => PageHead;
}
