import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/test/render';

import { ApiTester, type ApiTesterProps } from '../components/api-tester';

export const ORIGIN = 'https://gw.test';

type User = ReturnType<typeof userEvent.setup>;

/** The tester at practice 67890 behind `ORIGIN`; `props` add a default source or EHR practices. */
export function renderTester(props: Partial<ApiTesterProps> = {}): User {
  const user = userEvent.setup();
  renderWithProviders(<ApiTester apiRoot="/api" practiceId="67890" origin={ORIGIN} {...props} />);
  return user;
}

/** Puts text into a labelled input at once: for tests where keystrokes are not the point. */
export async function fill(user: User, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

export async function chooseOption(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}
