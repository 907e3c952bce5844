import { describe, expect, it } from 'vitest';
import { whereIsProblems } from './where-is.mjs';

const TABLE = `# Architecture

## Where is X

| Area | API | Web | Shared |
| --- | --- | --- | --- |
| Orders | \`apps/api/src/modules/orders/\`, \`apps/api/src/domain/orders/\` | \`apps/web/src/features/orders/\` | \`packages/shared/src/order.ts\` |

## Next
\`apps/api/src/modules/gone/\` is outside the table.
`;

const FILES = ['packages/shared/src/order.ts', 'apps/api/src/modules/orders/orders.routes.ts'];
const DIRS = ['apps/api/src/modules/orders', 'apps/api/src/domain/orders', 'apps/web/src/features/orders'];

describe('the Where is X table', () => {
  it('passes when every path exists and every area has a row', () => {
    expect(whereIsProblems(TABLE, FILES, DIRS)).toEqual([]);
  });

  it('fails on a renamed folder: its old name is gone and its new one has no row', () => {
    const renamed = DIRS.map((dir) => dir.replace('features/orders', 'features/my-orders'));
    expect(whereIsProblems(TABLE, FILES, renamed)).toEqual([
      'docs/architecture.md:7: Where is X names apps/web/src/features/orders/, which does not exist',
      'docs/architecture.md: Where is X has no row for apps/web/src/features/my-orders/',
    ]);
  });

  it('fails without the table', () => {
    expect(whereIsProblems('# Architecture\n', FILES, DIRS)).toEqual([
      'docs/architecture.md: no "## Where is X" table',
    ]);
  });
});
