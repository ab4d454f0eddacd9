import type { Meta, StoryObj } from '@storybook/react-vite';
import { AboutPage } from './about-page';

const meta = { title: 'Screens/About', component: AboutPage, parameters: { route: '/about' } } satisfies Meta<typeof AboutPage>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
