// The universal search page against recorded answers: spec 1 §3's filters of the "More filters" panel come from the
// URL (the panel open, the API asked with them and no query) and go to it when applied.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin');
const hit = {
  model: 'Pet',
  id: 7,
  title: 'Marzipan Rover',
  subtitle: 'DN0923001',
  link: '/petowner/4/DN0923001',
  rank: 0.1,
};

function setup() {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/universalsearch': { data: [hit], totalRecords: 1 },
  });
}
const searches = (calls: ReturnType<typeof setup>['calls']) =>
  calls.filter((c) => c.url.pathname === '/api/v1/universalsearch').map((c) => c.url.searchParams);

describe('universal search filters', () => {
  it('reads the filters from the URL: the panel open, the search made with them and no query', async () => {
    const { calls } = setup();
    renderApp('/tools/search?dogName=marzipan&dogIsParentage=true');
    await screen.findByText('Marzipan Rover', undefined, { timeout: 15_000 });
    const q = searches(calls)[0];
    expect(q.get('dogName')).toBe('marzipan');
    expect(q.get('dogIsParentage')).toBe('true');
    expect(q.has('query')).toBe(false);
    expect((screen.getByLabelText('Dog name') as HTMLInputElement).value).toBe('marzipan');
  });

  it('applies filters typed in the closed panel and puts them in the URL', async () => {
    const { calls } = setup();
    const { router } = renderApp('/tools/search');
    await userEvent.click(await screen.findByText('More filters', undefined, { timeout: 15_000 }));
    await userEvent.type(screen.getByLabelText('Property name'), 'Juniper');
    await userEvent.type(screen.getByLabelText('Owner unit number'), '4B');
    expect(searches(calls)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('Marzipan Rover');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ propertyName: 'Juniper' }));
    const q = searches(calls).at(-1)!;
    expect(q.get('propertyName')).toBe('Juniper');
    expect(q.get('dogOwnerUnitNumber')).toBe('4B');
  });
});
