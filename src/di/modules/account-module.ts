import { ContainerModule } from 'inversify';

/** Stores and services of this area, bound in singleton scope. Tokens are exported beside it. */
export const accountModule = new ContainerModule(() => {});
