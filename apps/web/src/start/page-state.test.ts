import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_STATE_ID } from '@parts-shop/shared/first-reads';
import { readPageState } from './page-state.ts';

function pageWithState(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_STATE_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('the page state a server-rendered page carries', () => {
  afterEach(() => document.body.replaceChildren());

  it('is read when it parses', () => {
    const query = { queryKey: ['parts'], queryHash: '["parts"]', state: { data: [], dataUpdatedAt: 1 } };
    pageWithState(JSON.stringify({ mutations: [], queries: [query] }));
    expect(readPageState()?.queries).toEqual([query]);
  });

  it('is ignored when damaged, so the app starts and draws the page itself', () => {
    for (const damaged of ['{"queries": [', "</div>$'", 'null', '{"queries": 1}', '{"queries": [null]}']) {
      pageWithState(damaged);
      expect(readPageState(), damaged).toBeNull();
      document.body.replaceChildren();
    }
  });

  it('is null on a page the server did not draw', () => {
    expect(readPageState()).toBeNull();
  });
});
