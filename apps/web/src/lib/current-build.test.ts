import { afterEach, describe, expect, it } from 'vitest';
import { plannerLinkAdding, useRememberCurrentBuild } from './current-build.ts';
import { renderRouteHook } from '#web-test/render-route.tsx';

const CPU = '019a0000-0000-7000-8000-000000000001';
const OTHER_CPU = '019a0000-0000-7000-8000-000000000002';
const DRIVE = '019a0000-0000-7000-8000-000000000003';
const SECOND_DRIVE = '019a0000-0000-7000-8000-000000000004';

afterEach(() => window.localStorage.clear());

describe('Add to build', () => {
  it('starts a build with the part in its slot when the visitor has none', () => {
    expect(plannerLinkAdding({ _id: CPU, kind: 'cpu' })).toBe(`/build?cpu=${CPU}`);
  });

  it("adds to the planner's last build: a slot's part is replaced, a drive joins the others", () => {
    renderRouteHook(() => useRememberCurrentBuild(new URLSearchParams({ cpu: CPU, storage: DRIVE })));
    expect(plannerLinkAdding({ _id: OTHER_CPU, kind: 'cpu' })).toBe(`/build?cpu=${OTHER_CPU}&storage=${DRIVE}`);
    expect(plannerLinkAdding({ _id: SECOND_DRIVE, kind: 'storage' })).toBe(
      `/build?cpu=${CPU}&storage=${DRIVE}&storage=${SECOND_DRIVE}`,
    );
    expect(plannerLinkAdding({ _id: DRIVE, kind: 'storage' })).toBe(`/build?cpu=${CPU}&storage=${DRIVE}`);
  });

  it('keeps the last build when the planner is opened bare, and forgets it once emptied by hand', () => {
    renderRouteHook(() => useRememberCurrentBuild(new URLSearchParams({ cpu: CPU })));
    const { rerender } = renderRouteHook(({ params }) => useRememberCurrentBuild(params), {
      initialProps: { params: new URLSearchParams() },
    });
    expect(plannerLinkAdding({ _id: DRIVE, kind: 'storage' })).toBe(`/build?cpu=${CPU}&storage=${DRIVE}`);
    rerender({ params: new URLSearchParams({ cpu: OTHER_CPU }) });
    rerender({ params: new URLSearchParams() });
    expect(plannerLinkAdding({ _id: DRIVE, kind: 'storage' })).toBe(`/build?storage=${DRIVE}`);
  });
});
