// The access-code widget as an owner meets it (docs/product/billing.md#access-code-box, docs/product/messages.md#billing): collapsed
// until asked for, the required message, an accepted code (the new user, a
// fresh access check, then the dashboard), and the refused ones.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redeemAccessCode } from '../../shared/contracts/billing';
import { INVALID_ACCESS_CODE_CODE } from '../../shared/schemas/billing';
import { accessQueries } from '../lib/access';
import { sessionQueries } from '../lib/session';
import { createAccessStatus } from '../testing/billing-factories';
import { renderScreen } from '../testing/render';
import {
  apiErrorResponse,
  mock,
  server,
  type ContractAnswer,
  type ContractCall,
} from '../testing/server';
import { createCurrentUser } from '../testing/session-factories';
import { AccessCodeBox } from './access-code-box';

/** POST /api/validate-access-code answering `answer()`; answers the bodies it was sent. */
function serveAccessCode(answer: () => ContractAnswer<typeof redeemAccessCode>) {
  const bodies: ContractCall<typeof redeemAccessCode>['body'][] = [];
  server.use(
    mock(redeemAccessCode, ({ body }) => {
      bodies.push(body);
      return answer();
    }),
  );
  return bodies;
}

function renderBox() {
  return renderScreen(<AccessCodeBox />, {
    path: '/access',
    routes: [{ path: '/', element: <h1>Dashboard</h1> }],
  });
}

const disclosure = () => screen.getByRole('button', { name: 'Have an access code?' });
const codeField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Access Code' });
const activateButton = () => screen.getByRole('button', { name: 'Activate Account' });

async function openAndType(user: ReturnType<typeof renderBox>['user'], code: string) {
  await user.click(disclosure());
  await user.type(codeField(), code);
}

describe('AccessCodeBox', () => {
  it('stays closed until asked for, then puts the caret in the Access Code field', async () => {
    const { user } = renderBox();

    expect(disclosure().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Access Code' })).toBeNull();

    await user.click(disclosure());

    expect(disclosure().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
  });

  it('asks for a code before sending anything', async () => {
    const bodies = serveAccessCode(() => apiErrorResponse(500, 'INTERNAL_ERROR', 'unexpected'));
    const { user } = renderBox();
    await user.click(disclosure());

    await user.click(activateButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Access code is required');
    expect(bodies).toEqual([]);
  });

  it('activates the account: the new user, a fresh access check, then the dashboard', async () => {
    const activated = createCurrentUser({ isFreeAccount: true });
    const bodies = serveAccessCode(() => ({
      success: true,
      message: 'Access code validated',
      user: activated,
    }));
    const { user, queryClient } = renderBox();
    queryClient.setQueryData(sessionQueries.currentUser().queryKey, createCurrentUser());
    queryClient.setQueryData(accessQueries.status().queryKey, createAccessStatus(false));
    await openAndType(user, '  FRIENDS-2026 ');

    await user.click(activateButton());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeDefined();
    expect(bodies).toEqual([{ code: 'FRIENDS-2026' }]);
    expect(screen.getByText('Access granted!')).toBeDefined();
    expect(screen.getByText('Your account has been activated.')).toBeDefined();
    expect(queryClient.getQueryData(sessionQueries.currentUser().queryKey)).toEqual(activated);
    expect(queryClient.getQueryState(accessQueries.status().queryKey)?.isInvalidated).toBe(true);
  });

  it('says so when the code is not valid, and keeps it to correct', async () => {
    serveAccessCode(() =>
      apiErrorResponse(400, INVALID_ACCESS_CODE_CODE, 'Invalid or already used access code'),
    );
    const { user } = renderBox();
    await openAndType(user, 'WRONG');

    await user.click(activateButton());

    expect(await screen.findByText('Invalid code')).toBeDefined();
    expect(
      screen.getByText('The access code you entered is not valid. Please check and try again.'),
    ).toBeDefined();
    expect(codeField().value).toBe('WRONG');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it("shows the server's message for any other failure, such as too many tries", async () => {
    serveAccessCode(() =>
      apiErrorResponse(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
    );
    const { user } = renderBox();
    await openAndType(user, 'GUESS');

    await user.click(activateButton());

    expect(await screen.findByText('Too many requests. Please try again later.')).toBeDefined();
    expect(screen.getByText('Error')).toBeDefined();
    expect(screen.queryByText('Invalid code')).toBeNull();
  });
});
