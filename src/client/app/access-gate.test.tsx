// The paid-access gate (docs/product/billing.md#upgrade-screen, docs/product/billing.md#paid-access): a gated page's content with
// access, the upgrade screen without; a call refused with ACCESS_REQUIRED
// checks access again; a failed check can be retried. The route table gates
// exactly the pages docs/product/billing.md#paid-access names.
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCESS_REQUIRED_CODE } from '../../shared/schemas/billing';
import { getTestimonialStats } from '../../shared/contracts/testimonials';
import { testimonialQueries } from '../lib/testimonials';
import { createAccessStatus, serveAccessStatus, servePlan } from '../testing/billing-factories';
import { renderScreen } from '../testing/render';
import { apiErrorResponse, mock, server } from '../testing/server';
import { signedInOwner } from '../testing/session-factories';
import { AccessGate, RequireAccess } from './access-gate';
import { routes } from './routes';

/** The signed-in owner, the plan, and the access status from `hasAccess()` (counting the checks). */
function serveOwner(hasAccess: () => boolean | 'fail') {
  const access = serveAccessStatus(() => {
    const answer = hasAccess();
    return answer === 'fail'
      ? apiErrorResponse(503, 'SERVICE_UNAVAILABLE', 'Try later')
      : createAccessStatus(answer);
  });
  server.use(...signedInOwner(), servePlan('stripe'), access.handler);
  return access.checks;
}

function renderGated(content = <h1>Moderation</h1>) {
  return renderScreen(<AccessGate page="Testimonials">{content}</AccessGate>, {
    path: '/testimonials',
  });
}

const upgradeHeading = () =>
  screen.queryByRole('heading', { name: 'Upgrade to unlock Testimonials' });

describe('AccessGate', () => {
  it('shows the page to an owner with access', async () => {
    serveOwner(() => true);
    renderGated();

    expect(await screen.findByRole('heading', { name: 'Moderation' })).toBeDefined();
    expect(upgradeHeading()).toBeNull();
  });

  it('shows the upgrade screen, with the subscribe panel and the access-code box, to an owner without', async () => {
    serveOwner(() => false);
    renderGated();

    expect(
      await screen.findByRole('heading', { name: 'Upgrade to unlock Testimonials' }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Have an access code?' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Moderation' })).toBeNull();
  });

  it('checks access again when a call is refused with ACCESS_REQUIRED, and then locks the page', async () => {
    let hasAccess = true;
    const checks = serveOwner(() => hasAccess);
    server.use(
      mock(getTestimonialStats, () => {
        hasAccess = false; // the subscription ended since the last check
        return apiErrorResponse(403, ACCESS_REQUIRED_CODE, 'A subscription is required');
      }),
    );
    function Stats() {
      const stats = useQuery(testimonialQueries.stats());
      return <h1>{stats.isError ? 'Stats failed' : 'Moderation'}</h1>;
    }
    renderGated(<Stats />);

    expect(
      await screen.findByRole('heading', { name: 'Upgrade to unlock Testimonials' }),
    ).toBeDefined();
    expect(checks.count).toBe(2);
  });

  it('says when access could not be checked, and Try again checks again', async () => {
    let answer: boolean | 'fail' = 'fail';
    const checks = serveOwner(() => answer);
    const { user } = renderGated();

    // One retry (docs/product/billing.md#calls), then the error.
    expect(
      await screen.findByRole('heading', { name: "Couldn't load your access" }, { timeout: 3000 }),
    ).toBeDefined();
    expect(checks.count).toBe(2);
    answer = true;

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Moderation' })).toBeDefined();
  });

  it('names the gated page from its route handle', async () => {
    serveOwner(() => false);
    renderScreen(<h1>Elsewhere</h1>, {
      path: '/widget',
      routePath: '/elsewhere',
      routes: [
        {
          element: <RequireAccess />,
          children: [{ path: '/widget', handle: { pageName: 'Widget' }, element: <h1>Widget</h1> }],
        },
      ],
    });

    expect(await screen.findByRole('heading', { name: 'Upgrade to unlock Widget' })).toBeDefined();
  });
});

/** Every path under a RequireAccess route of the table. */
/** The paths behind RequireAccess: a gate route names it as its element, or its lazy route loads it. */
async function gatedPaths(table: RouteObject[], gated = false): Promise<string[]> {
  const paths = await Promise.all(
    table.map(async (route) => {
      const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
      const isGate =
        (isValidElement(route.element) && route.element.type === RequireAccess) ||
        ('Component' in loaded && loaded.Component === RequireAccess);
      const inside = gated || isGate;
      const own = inside && route.path ? [route.path] : [];
      return [...own, ...(await gatedPaths(route.children ?? [], inside))];
    }),
  );
  return paths.flat();
}

describe('the route table', () => {
  it('gates the seven owner pages the product docs name (the dashboard is gated at /), and nothing else', async () => {
    expect((await gatedPaths(routes)).sort()).toEqual(
      [
        '/analytics',
        '/collection-link',
        '/integrations',
        '/requests',
        '/testimonials',
        '/testimonials/import',
        '/widget',
      ].sort(),
    );
  });
});
