// Some stories import the shop fixtures from here; they live beside the views they serve.
export { cartWith, demoCart, signIn } from '../../src/views/shared/story-fixtures';
