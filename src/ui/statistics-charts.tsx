/**
 * The statistics pages' charts on Apache ECharts (as the line chart): bars per department or person
 * and a pie of their shares, loaded with the page that draws them (bar, pie, grid, tooltip, legend on
 * the canvas renderer). Each chart is an image with its figures named for screen readers.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart as BarSeries, PieChart as PieSeries } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarSeries, PieSeries, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type BarSeriesData = { name: string; values: number[] };

function useChart(option: echarts.EChartsCoreOption) {
  const element = useRef<HTMLDivElement>(null);
  // Drawn again only when the figures change (the option is a new object on every render).
  const key = JSON.stringify(option);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return element;
}

export function BarChart({
  labels,
  series,
  height = 280,
  ariaLabel,
  testId,
}: {
  labels: string[];
  series: BarSeriesData[];
  height?: number;
  ariaLabel: string;
  testId?: string;
}) {
  const element = useChart({
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 48 },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((bar) => ({ name: bar.name, type: 'bar', data: bar.values })),
  });
  return (
    <div
      ref={element}
      role="img"
      aria-label={ariaLabel}
      data-testid={testId}
      data-figures={JSON.stringify({ labels, series })}
      style={{ width: '100%', height }}
    />
  );
}

export function PieChart({
  slices,
  height = 280,
  ariaLabel,
}: {
  slices: { name: string; value: number }[];
  height?: number;
  ariaLabel: string;
}) {
  const element = useChart({
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['35%', '65%'], top: 0, bottom: 32, data: slices }],
  });
  return <div ref={element} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
