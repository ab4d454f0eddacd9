import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundPage } from './not-found-page';

const meta = { title: 'Screens/Not found', component: NotFoundPage, parameters: { route: '/no-such-page' } } satisfies Meta<
  typeof NotFoundPage
>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
