import type { ServiceContainer } from '../storefront/src/di/react';
import { createFakeWorld } from '../storefront/src/di/fake-adapters';
import type { AdapterSet } from '../storefront/src/di/tokens';
import type { Clock } from '@shop/core/ports/clock';

/** A story's args (its Controls): the world may follow them, as the screen does (loaders run again when they change). */
export type StoryArgs = Record<string, unknown>;

/** What a story may set in `parameters` to choose its world (docs/storybook.md). */
export interface StoryServiceParameters {
  /** The URL the story renders at (default '/'). */
  route?: string;
  /** The route pattern, so `useParams` works (default: any path). */
  path?: string;
  /** Single ports replaced: a catalogue that never answers, one that fails, an empty cart... */
  adapters?: Partial<AdapterSet> | ((base: AdapterSet, args: StoryArgs) => Partial<AdapterSet>);
  /** The clock of this story (default: the system clock). */
  clock?: () => Clock;
  /**
   * The story renders its own router (the shop's real route table, see storefront/src/shell/routes.stories.tsx),
   * so the global decorator adds none.
   */
  ownRouter?: boolean;
  /** Runs before the story renders: seed a store, sign a user in. */
  setup?: (services: ServiceContainer, adapters: AdapterSet, args: StoryArgs) => void | Promise<void>;
}

/** Builds a fresh DI container on the in-memory fakes for one story, with its args: the same world as a unit test's screen. */
export async function buildStoryServices(parameters: StoryServiceParameters, args: StoryArgs = {}): Promise<ServiceContainer> {
  const { adapters, setup } = parameters;
  const { services } = await createFakeWorld({
    // Without a story clock, the fake adapters run on the system clock.
    ...(parameters.clock ? { clock: parameters.clock() } : {}),
    // Pictures cropped by the shop's own cropper (Storybook runs in a browser): what the shop shows.
    cropImages: true,
    adapters: typeof adapters === 'function' ? (base) => adapters(base, args) : adapters,
    ...(setup ? { setup: (container: ServiceContainer, world: AdapterSet) => setup(container, world, args) } : {}),
  });
  return services;
}
