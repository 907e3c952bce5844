import { describe, expect, it } from 'vitest';
import { exportBuild, verdictOf, verdictText, type ExportableBuild } from './build-export.ts';

const CPU = '11111111-1111-4111-8111-111111111111';
const RAM = '22222222-2222-4222-8222-222222222222';

const build: ExportableBuild = {
  title: 'Quiet AM5 [v2] | small',
  lines: [
    { partId: CPU, kind: 'cpu', name: 'Ryzen 7 7700 *boxed*', quantity: 1, price: 299.99, lineTotal: 299.99 },
    { partId: RAM, kind: 'memory', name: 'DDR5 2x16 GB [RGB]', quantity: 2, price: 80.5, lineTotal: 161 },
  ],
  total: 1460.99,
  estimatedWatts: 215,
  problems: [{ severity: 'warning' }],
  origin: 'https://shop.example',
  url: 'https://shop.example/builds/abc',
};

describe('exporting a build', () => {
  it('writes a Reddit table with linked parts, line prices, the total, the wattage and the verdict', () => {
    expect(exportBuild('reddit', build)).toBe(
      [
        '**[Quiet AM5 \\[v2\\] \\| small](https://shop.example/builds/abc)**',
        '',
        'Type|Item|Price',
        ':----|:----|----:',
        `**Processor** | [Ryzen 7 7700 \\*boxed\\*](https://shop.example/parts/${CPU}) | $299.99`,
        `**Memory** | [DDR5 2x16 GB \\[RGB\\]](https://shop.example/parts/${RAM}) | 2 × $80.50 = $161.00`,
        '| **Total** | **$1,460.99**',
        '| *Estimated wattage* | 215 W',
        '',
        '*Compatible, with 1 warning*',
      ].join('\n'),
    );
  });

  it('writes forum BBCode whose part names cannot open a tag', () => {
    const bbcode = exportBuild('bbcode', build);
    expect(bbcode).toBe(
      [
        '[b][url=https://shop.example/builds/abc]Quiet AM5 (v2) | small[/url][/b]',
        '',
        '[list]',
        `[*][b]Processor:[/b] [url=https://shop.example/parts/${CPU}]Ryzen 7 7700 *boxed*[/url] - $299.99`,
        `[*][b]Memory:[/b] [url=https://shop.example/parts/${RAM}]DDR5 2x16 GB (RGB)[/url] - 2 × $80.50 = $161.00`,
        '[/list]',
        '[b]Total:[/b] $1,460.99',
        '[b]Estimated wattage:[/b] 215 W',
        '[i]Compatible, with 1 warning[/i]',
      ].join('\n'),
    );
  });

  it('writes plain text a person reads as is, and leaves links out when there is no address', () => {
    const { origin: _origin, url: _url, ...unlinked } = build;
    expect(exportBuild('text', unlinked)).toBe(
      [
        'Quiet AM5 [v2] | small',
        '',
        'Processor: Ryzen 7 7700 *boxed* - $299.99',
        'Memory: DDR5 2x16 GB [RGB] - 2 × $80.50 = $161.00',
        '',
        'Total: $1,460.99',
        'Estimated wattage: 215 W',
        'Compatible, with 1 warning',
      ].join('\n'),
    );
    expect(exportBuild('reddit', unlinked)).not.toContain('](');
  });

  it('keeps a URL from closing its Markdown or BBCode link early', () => {
    const odd = { ...build, url: 'https://shop.example/build?a=(x)&b=[y] z' };
    expect(exportBuild('reddit', odd)).toContain('(https://shop.example/build?a=%28x%29&b=%5By%5D%20z)');
    expect(exportBuild('bbcode', odd)).toContain('[url=https://shop.example/build?a=%28x%29&b=%5By%5D%20z]');
  });
});

describe('the verdict', () => {
  it('is an error when any problem is one, counting both kinds', () => {
    const problems = [{ severity: 'warning' as const }, { severity: 'error' as const }, { severity: 'error' as const }];
    expect(verdictOf(problems)).toBe('errors');
    expect(verdictText(problems)).toBe('Not compatible: 2 errors and 1 warning');
    expect(verdictOf([])).toBe('compatible');
    expect(verdictText([])).toBe('Compatible: no problems found');
  });
});
