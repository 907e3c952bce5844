import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { OverviewDay } from '@parts-shop/shared/overview';
import { formatCents } from '@parts-shop/shared/money';
import { netCentsOf } from '../lib/overview-figures.ts';
import { formatChartDay } from '#web/lib/format-date.ts';

const HEIGHT = 220;
// uPlot.Axis.Side.Right: the library declares its sides as an ambient const enum, which isolated modules cannot read.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
const RIGHT: uPlot.Axis.Side = 1;
// daisyUI's primary and secondary, readable on the light card behind the chart.
const REVENUE_COLOR = '#605dff';
const ORDERS_COLOR = '#f43098';

/** A calendar date (YYYY-MM-DD) as the chart's x value: seconds at that day's noon, UTC, so no zone moves it. */
const dayToSeconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;
const shortDate = (seconds: number) => formatChartDay(seconds * 1000);

/**
 * An axis as wide as its widest label, so "$15,000.00" is not clipped: uPlot calls this with the labels it is about
 * to draw, on its canvas, whose font is scaled to the screen's pixels.
 */
const fitLabels: uPlot.Axis.Size = (self, values, axisIdx) => {
  const axis = self.axes.at(axisIdx);
  // Drawn, uPlot keeps an axis's font as [font scaled to the screen's pixels, size]; its types say string.
  const font = (axis?.font as unknown as [string, number] | undefined)?.[0];
  // Its first call, before any tick is known, has no labels (null, whatever its types say).
  if (!axis || !font || !Array.isArray(values) || values.length === 0) return 50;
  self.ctx.font = font;
  const widest = Math.max(...values.map((label) => self.ctx.measureText(label).width)) / devicePixelRatio;
  return Math.ceil(widest + (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4);
};

function options(width: number): uPlot.Options {
  return {
    width,
    height: HEIGHT,
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false }, orders: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
    series: [
      { label: 'Day', value: (_u, v) => shortDate(v) },
      {
        label: 'Revenue (net)',
        stroke: REVENUE_COLOR,
        fill: `${REVENUE_COLOR}55`,
        paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
        points: { show: false },
        value: (_u, v) => formatCents(Math.round(v * 100)),
      },
      {
        label: 'Orders',
        stroke: ORDERS_COLOR,
        width: 2,
        scale: 'orders',
        value: (_u, v) => String(v),
      },
    ],
    axes: [
      { values: (_u, ticks) => ticks.map(shortDate), space: 60 },
      { values: (_u, ticks) => ticks.map((t) => formatCents(Math.round(t * 100))), size: fitLabels },
      { scale: 'orders', side: RIGHT, grid: { show: false }, values: (_u, ticks) => ticks.map(String) },
    ],
  };
}

export default function OverviewChart({ days }: { days: OverviewDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const data: uPlot.AlignedData = [
      days.map((day) => dayToSeconds(day.date)),
      days.map((day) => netCentsOf(day) / 100),
      days.map((day) => day.orders),
    ];
    const plot = new uPlot(options(target.clientWidth), data, target);
    const resize = new ResizeObserver(() => plot.setSize({ width: target.clientWidth, height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} aria-hidden="true" className="w-full min-w-0" data-testid="overview-chart" />;
}
